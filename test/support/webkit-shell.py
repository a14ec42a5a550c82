#!/usr/bin/python3
"""
A small WebKitGTK browser for the WebKit runs of the browser tests (test/support/engines.ts):
WebKitWebDriver starts it as its `binary` with --automation, as it starts MiniBrowser. Unlike
MiniBrowser, whose automation profile lives in memory only (like Safari's Private Browsing),
it keeps its website data (IndexedDB, localStorage, caches) in the folder --profile names, as
a clinician's Safari does, and reports --language as the page's language (navigator.language).
Needs gir1.2-webkit2-4.1 and python3-gi (Debian), hence Debian's own Python, not the first on PATH.
"""
import argparse
import os
import sys

import gi

gi.require_version('Gtk', '3.0')
gi.require_version('WebKit2', '4.1')
from gi.repository import Gtk, WebKit2  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument('--automation', action='store_true')
parser.add_argument('--profile', required=True, help='the folder of the website data (kept between launches)')
parser.add_argument('--language', default='', help='the page language, e.g. es-ES')
args, _ = parser.parse_known_args()

manager = WebKit2.WebsiteDataManager(
    base_data_directory=os.path.join(args.profile, 'data'),
    base_cache_directory=os.path.join(args.profile, 'cache'),
)
context = WebKit2.WebContext(website_data_manager=manager)
context.set_automation_allowed(args.automation)
if args.language:
    context.set_preferred_languages([args.language])
windows = []


def closed(window):
    windows.remove(window)
    if not windows:
        Gtk.main_quit()


def create_web_view(_session):
    view = WebKit2.WebView(web_context=context, is_controlled_by_automation=True)
    window = Gtk.Window()
    window.set_default_size(1400, 900)
    window.add(view)
    view.connect('close', lambda _view: window.destroy())
    window.connect('destroy', closed)
    windows.append(window)
    window.show_all()
    return view


def automation_started(_context, session):
    info = WebKit2.ApplicationInfo()
    info.set_name('posture-metrics-webkit-shell')
    info.set_version(1, 0, 0)
    session.set_application_info(info)
    session.connect('create-web-view', create_web_view)


context.connect('automation-started', automation_started)
sys.stdout.write('webkit-shell: ready\n')
sys.stdout.flush()
Gtk.main()
