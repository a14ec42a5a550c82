#!/usr/bin/env bash
# Builds the container image from the Containerfile and runs it for real
# (test/container/image.test.ts). CI reaches no image registry, so BASE is a local
# stand-in made by container-base.sh: Debian bookworm minbase + the Node 24 binary
# from npm. The build needs neither dist/ nor node_modules (the build context leaves
# them out: .containerignore), so .ci/run starts it in the background before the test
# layers; the test needs both (`npm ci` first).
#
# Usage: container.sh NODE24_BIN_DIR [build|test]   (neither: build, then test)
set -euo pipefail
cd "$(dirname "$0")/.."
node24_bin=${1:?usage: container.sh NODE24_BIN_DIR [build|test]}
what=${2:-all}
export CONTAINERS_CONF=$PWD/.ci/containers.conf
image=localhost/posture-metrics:ci

if [ "$what" = build ] || [ "$what" = all ]; then
t0=$SECONDS
base=$(bash .ci/container-base.sh "$node24_bin")
echo "base image: $base ($((SECONDS - t0)) s)"

t0=$SECONDS
previous=$(podman image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)
# --format docker keeps the HEALTHCHECK (the OCI image format has no field for it).
podman build --quiet --format docker --build-arg "BASE=$base" --tag "$image" . >/dev/null
current=$(podman image inspect --format '{{.Id}}' "$image")
if [ -n "$previous" ] && [ "$previous" != "$current" ]; then podman rmi "$previous" >/dev/null 2>&1 || true; fi
image_size=$(podman image inspect --format '{{.Size}}' "$image")
base_size=$(podman image inspect --format '{{.Size}}' "$base")
echo "image built: $image ($((SECONDS - t0)) s): $((image_size / 1000000)) MB, of which the stand-in base $((base_size / 1000000)) MB and the service's layers $(((image_size - base_size) / 1000000)) MB"

cat <<'NOTE'
What the stand-in base does NOT prove: that the official node:24-bookworm-slim image
(the Containerfile's default BASE) builds and behaves the same - its exact Node 24
patch release, its user `node` (uid 1000) and npm, its size. The layers the
Containerfile adds, the non-root user, the read-only root file system, dropped
capabilities, the HEALTHCHECK and the shutdown on SIGTERM are what is tested here.
NOTE
fi

if [ "$what" = test ] || [ "$what" = all ]; then
  CONTAINER_IMAGE=$image node --test dist/test/container/image.test.js
fi
