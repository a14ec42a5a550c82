#!/usr/bin/python3
"""
A small WebKitGTK browser for the WebKit runs of the browser tests (test/support/engines.ts):
WebKitWebDriver starts it as its `binary` with --automation, as it starts MiniBrowser. Unlike
MiniBrowser, whose automation profile lives in memory only (like Safari's Private Browsing),
it keeps its website data (IndexedDB, localStorage, caches) in the folder --profile names, as
a clinician's Safari does, and reports --language as the page's language (navigator.language).
--user-script names a file of JavaScript run at document start in every page, before the page's own
(a test's instrument, as Playwright's init script); --downloads a folder where downloads are saved
without a dialog (the profile's `downloads` folder by default). navigator.storage (persist(),
persisted(), estimate()) is on, as in Safari 17 and later: WebKitGTK ships it off.
Needs gir1.2-webkit2-4.1 and python3-gi (Debian), hence Debian's own Python, not the first on PATH.
"""
import argparse
import os
import sys
from urllib.parse import quote

import gi

gi.require_version('Gtk', '3.0')
gi.require_version('WebKit2', '4.1')
from gi.repository import Gtk, WebKit2  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument('--automation', action='store_true')
parser.add_argument('--profile', required=True, help='the folder of the website data (kept between launches)')
parser.add_argument('--language', default='', help='the page language, e.g. es-ES')
parser.add_argument('--user-script', default='', help='a file of JavaScript run at document start in every page')
parser.add_argument('--downloads', default='', help='the folder downloads are saved to')
args, _ = parser.parse_known_args()
downloads = args.downloads or os.path.join(args.profile, 'downloads')

manager = WebKit2.WebsiteDataManager(
    base_data_directory=os.path.join(args.profile, 'data'),
    base_cache_directory=os.path.join(args.profile, 'cache'),
)
context = WebKit2.WebContext(website_data_manager=manager)
context.set_automation_allowed(args.automation)
if args.language:
    context.set_preferred_languages([args.language])
windows = []
content = WebKit2.UserContentManager()
if args.user_script:
    with open(args.user_script, encoding='utf-8') as f:
        content.add_script(
            WebKit2.UserScript.new(
                f.read(),
                WebKit2.UserContentInjectedFrames.TOP_FRAME,
                WebKit2.UserScriptInjectionTime.START,
                None,
                None,
            )
        )


settings = WebKit2.Settings()
features = WebKit2.Settings.get_all_features()
for i in range(features.get_length()):
    if features.get(i).get_identifier() in ('StorageAPI', 'StorageAPIEstimate'):
        settings.set_feature_enabled(features.get(i), True)


def decide_destination(download, suggested):
    # Saved in the downloads folder, never a dialog; a name taken twice gets a number.
    os.makedirs(downloads, exist_ok=True)
    name = os.path.basename(suggested) or 'download'
    path = os.path.join(downloads, name)
    stem, ext = os.path.splitext(name)
    n = 1
    while os.path.exists(path):
        path = os.path.join(downloads, f'{stem} ({n}){ext}')
        n += 1
    download.set_destination('file://' + quote(path))
    return True


context.connect('download-started', lambda _context, download: download.connect('decide-destination', decide_destination))


def closed(window):
    windows.remove(window)
    if not windows:
        Gtk.main_quit()


def create_web_view(_session):
    view = WebKit2.WebView(
        web_context=context, settings=settings, user_content_manager=content, is_controlled_by_automation=True)
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
