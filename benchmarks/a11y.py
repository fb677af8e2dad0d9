"""How each page type of a site reads: layout shift, where the first paper link is, axe-core's findings.

    python -m benchmarks.a11y                   # the bundled list, built in build/bench-a11y/
    python -m benchmarks.a11y --papers 1000     # the first 1,000 papers of the OpenReview export
    python -m benchmarks.a11y --site DIR        # reuses a built site

For the home page, a theme page, a sub-theme page (if any), a paper page and
the tags page, on a desktop (1350x940) and a phone (Pixel 7, 412x839), in the
light and the dark scheme, it prints the cumulative layout shift (CLS; good
below 0.1), how many screens down the first link to a paper starts, and
axe-core's WCAG 2.1 AA violations (rules, and the elements they flag). Then the
bytes the home page downloads before it settles (served uncompressed).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from benchmarks.browser import (
    axe_violations,
    cumulative_layout_shift,
    first_paper_link_screens,
    launch,
    serve,
    watch_layout_shift,
)
from benchmarks.common import REPO, build_site, write_papers

VIEWPORTS = {
    "desktop": {"viewport": {"width": 1350, "height": 940}},
    "mobile": {"viewport": {"width": 412, "height": 839}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2.625},
}


def pages(site: Path) -> dict[str, str]:
    """One path of each page type, relative to the site's root."""
    found = {"home": ""}
    themes = sorted(p.parent.relative_to(site).as_posix() for p in site.glob("themes/*/index.html"))
    subthemes = sorted(p.parent.relative_to(site).as_posix() for p in site.glob("themes/*/*/index.html"))
    found["theme"] = themes[0] + "/"
    if subthemes:
        found["sub-theme"] = subthemes[0] + "/"
    found["paper"] = min(site.glob("papers/*/index.html")).parent.relative_to(site).as_posix() + "/"
    found["tags"] = "tags/"
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site to reuse (else one is built)")
    parser.add_argument("--papers", type=int, help="papers from the OpenReview export (else the bundled list)")
    parser.add_argument("--work", type=Path, default=REPO / "build" / "bench-a11y")
    parser.add_argument("--details", action="store_true", help="also list each violation and the elements it flags")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    site = args.site
    if site is None:
        data = REPO / "data" / "iclr2026.txt"
        if args.papers:
            data = args.work / f"papers-{args.papers}.jsonl"
            write_papers(data, args.papers)
        site = build_site(args.work, f"site-{args.papers or 'bundled'}", data)

    from playwright.sync_api import sync_playwright

    rows = []
    details: dict[str, set[str]] = {}
    home_bytes = 0
    with sync_playwright() as playwright, serve(site) as base:
        browser = launch(playwright)
        for name, path in pages(site).items():
            for device, options in VIEWPORTS.items():
                for scheme in ("light", "dark"):
                    context = browser.new_context(color_scheme=scheme, **options)
                    page = context.new_page()
                    watch_layout_shift(page)
                    page.goto(base + path)
                    shift = cumulative_layout_shift(page)
                    screens = first_paper_link_screens(page) if name in ("home", "theme", "sub-theme") else None
                    if name == "home" and device == "desktop" and scheme == "light":
                        home_bytes = page.evaluate(
                            "performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
                            ".reduce((sum, e) => sum + e.transferSize, 0)"
                        )
                    violations = axe_violations(page)
                    for v in violations:
                        details.setdefault(f"{v['id']} ({v['impact']}): {v['help']}", set()).update(
                            f"{name}/{scheme}: {node}" for node in v["nodes"]
                        )
                    rows.append((name, device, scheme, shift, screens, violations))
                    context.close()
        browser.close()

    print(f"\n{site}: {len(list(site.glob('papers/*/index.html')))} paper pages\n")
    print("| page | device | scheme | CLS | first paper link (screens down) | axe rules violated | elements flagged |")
    print("|---|---|---|---|---|---|---|")
    for name, device, scheme, shift, screens, violations in rows:
        where = "" if screens is None else f"{screens:.2f}"
        flagged = sum(len(v["nodes"]) for v in violations)
        print(f"| {name} | {device} | {scheme} | {shift:.3f} | {where} | {len(violations)} | {flagged} |")
    print(f"\nhome page: {home_bytes / 1024:,.0f} KB downloaded before it settles (uncompressed)")
    if args.details:
        for rule, nodes in sorted(details.items()):
            print(f"\n{rule}")
            for node in sorted(nodes)[:40]:
                print(f"  {node}")
            if len(nodes) > 40:
                print(f"  … and {len(nodes) - 40} more")


if __name__ == "__main__":
    main()
