"""The results site (``tournament publish DIR``): a folder of self-contained HTML pages that
works from a USB stick, any static host or an e-mail attachment.

1. Every page holds its style inline (``site.css``, in a ``<style>``): no script, no font,
   image or file from anywhere; every link is the name of another page of the folder.
2. A page reads on a phone (360 px: a wide table scrolls in its own box) and prints
   (``@media print``: no navigation, a row never cut).
3. Names are text: the pages are the Jinja2 templates of ``sheets/templates`` (``site.html``
   and a page per kind), escaped by Jinja2's autoescape, as the posters are
   (:func:`coinche_cli.sheets.posters.environment`: the same templates' environment).
4. The words are the language in force's; the numbers are the ``--json`` views'
   (:mod:`coinche_cli.tournament.site_views`).

:func:`pages` draws a concours's pages, :func:`season_pages` a season's (``season publish``:
its ranking and a page per line); :mod:`coinche_cli.sheets.site_files` writes them to the
folder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from coinche_cli.i18n import spoken
from coinche_cli.sheets.posters import environment

if TYPE_CHECKING:
    from coinche_cli.season.site_views import SeasonSite
    from coinche_cli.tournament.site_views import SiteData

#: The site's first page.
INDEX = "index.html"


def round_file(number: int) -> str:
    """The page of round ``number``."""
    return f"round-{number}.html"


def pages(data: SiteData) -> dict[str, str]:
    """Every page of the site of ``data``, by file name, in the language in force."""
    from coinche_cli.tournament.stage_views import label_words

    env = environment()
    style = env.get_template("site.css").render()
    common: dict[str, Any] = {
        "name": data["name"], "date": data["date"], "melee": data["melee"],
        "rounds": data["rounds"], "brackets": data["brackets"], "files": data["files"],
        "lang": spoken().replace("_", "-"), "style": style,
        "staged": any("stage" in table for shown in data["rounds"]
                      for table in shown["tables"]),
    }
    drawn = {INDEX: env.get_template("site_index.html").render(
        **{**common, "staged": any("stage" in row for row in data["standings"])},
        final=data["final"], standings=data["standings"], prizes=data["prizes"],
        prizes_final=data["prizes_final"])}
    template = env.get_template("site_round.html")
    for shown in data["rounds"]:
        number = shown["round"]
        drawn[round_file(number)] = template.render(
            **common, shown=shown,
            penalties=[p for p in shown["penalties"] if p["round"] == number])
    template = env.get_template("site_entrant.html")
    for entrant in data["entrants"]:
        drawn[entrant["file"]] = template.render(**common, entrant=entrant)
    template = env.get_template("site_bracket.html")
    for one in data["brackets"]:
        drawn[one["file"]] = template.render(**common, bracket=one["bracket"],
                                             label_words=label_words)
    return drawn


def season_pages(data: SeasonSite) -> dict[str, str]:
    """Every page of the season's site of ``data``, by file name, in the language in force."""
    env = environment()
    common: dict[str, Any] = {
        "name": data["name"], "date": data["date"], "rounds": [], "brackets": [],
        "files": data["files"], "lang": spoken().replace("_", "-"),
        "style": env.get_template("site.css").render(), "by": data["by"],
        "best": data["best"], "min_events": data["min_events"],
    }
    drawn = {INDEX: env.get_template("site_season.html").render(
        **common, events=data["events"], lines=data["lines"])}
    template = env.get_template("site_season_line.html")
    for one in data["lines"]:
        drawn[one["file"]] = template.render(**common, one=one)
    return drawn
