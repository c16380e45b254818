"""Debian's Chromium driven by selenium, for the review page's browser tests and benchmark.

Only the installed chromium and chromedriver are used (never a download: selenium is
given both paths, so its driver manager stays idle). Downloads go to a folder of the
caller's; the performance log records every request the page makes (CDP Network events).
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Optional

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")


def chromium_paths() -> tuple[Optional[str], Optional[str]]:
    browser = next((found for name in CHROMIUM_NAMES if (found := shutil.which(name))), None)
    return browser, shutil.which("chromedriver")


def missing_reason() -> Optional[str]:
    """Why the browser tests cannot run here, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    browser, driver = chromium_paths()
    if browser is None or driver is None:
        return "chromium and chromedriver are not installed (apt-get install chromium chromium-driver)"
    return None


def open_chromium(downloads: Path, width: int = 1280, height: int = 900):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser, driver = chromium_paths()
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        f"--window-size={width},{height}",
        "--disable-extensions",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ):
        options.add_argument(argument)
    options.add_experimental_option(
        "prefs", {"download.default_directory": str(downloads), "download.prompt_for_download": False}
    )
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    return webdriver.Chrome(service=Service(driver), options=options)


def requested_urls(driver) -> list[str]:
    """Every URL the browser asked for since the log was last read (CDP Network events)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] in ("Network.requestWillBeSent", "Network.webSocketCreated"):
            params = message["params"]
            urls.append(params.get("request", {}).get("url") or params.get("url", ""))
    return urls


def wait_for_download(folder: Path, name: str, timeout: float = 10.0) -> Path:
    """The downloaded file once complete (Chromium writes a temporary file first)."""
    target = folder / name
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if target.exists() and not any(p.suffix == ".crdownload" for p in folder.iterdir()):
            return target
        time.sleep(0.05)
    raise AssertionError(f"no {name} downloaded into {folder}")
