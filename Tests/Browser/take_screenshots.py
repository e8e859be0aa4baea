"""Draws the README's screenshots: a practice, a long section and search results, on a phone
(390×844) and a desktop (1280×900), in the light and the dark theme, from a built site.

    .venv/bin/python Tests/Browser/take_screenshots.py --site /tmp/site --out docs/screenshots
"""

import argparse
import pathlib
import time

from selenium.webdriver.common.by import By

from conftest import make_driver, set_color_scheme

PAGES = {"practice": ("en/practices/1.10.html", None), "section": ("en/sections/7.1.html", None),
         "search": ("en/index.html", "captions")}
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", required=True)
    parser.add_argument("--out", required=True)
    arguments = parser.parse_args()
    site, out = pathlib.Path(arguments.site).resolve(), pathlib.Path(arguments.out)
    out.mkdir(parents=True, exist_ok=True)
    driver = make_driver()
    try:
        for scheme in ["light", "dark"]:
            set_color_scheme(driver, scheme)
            for size, (width, height) in SIZES.items():
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                    "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
                for name, (page, query) in PAGES.items():
                    driver.get((site / page).as_uri())
                    if query:
                        driver.find_element(By.ID, "search-input").send_keys(query)
                        for _ in range(50):
                            if driver.find_elements(By.CSS_SELECTOR, ".search-results a"):
                                break
                            time.sleep(0.1)
                    driver.save_screenshot(str(out / f"{name}-{size}-{scheme}.png"))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
