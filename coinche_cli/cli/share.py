"""``coinche tournament share`` and ``coinche game share``: a picture to send in a message (or
the same content as a short text), over :mod:`coinche_cli.tournament.share_data` and
:func:`coinche_cli.game.views.recap_json`, laid out by :mod:`coinche_cli.sheets.share_layout`
and drawn by :mod:`coinche_cli.sheets.share_draw` (Pillow is imported there only)."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from coinche_cli.cli.options import GameOption, RoundOption, TournamentOption
from coinche_cli.cli.output import print_line
from coinche_cli.cli.store import open_store
from coinche_cli.errors import InputError
from coinche_cli.i18n import N_, _

if TYPE_CHECKING:
    from coinche_cli.sheets.share_layout import Page

TOURNAMENT_HELP = N_(
    "Draw a picture to share in a message: the standings (after --round N), a round's "
    "tables (--round N, default: the current one), the prize list or a knock-out bracket, "
    "1,080 pixels wide for a phone, split into FILE-1.png, FILE-2.png… when it is long; "
    "--text prints the same as a short text instead.\n\n"
    "Example: coinche tournament share standings classement.png")
GAME_HELP = N_(
    "Draw a game's recap as a picture to share: the totals, the winner, the running totals "
    "as a chart, the biggest deal, the coinches won and the capots; --text prints the same "
    "as a short text instead.\n\n"
    "Example: coinche game share partie.png")

FileArgument = Annotated[Path | None, typer.Argument(
    metavar=N_("FILE"), help=N_("The picture to write (.png)."), show_default=False)]
TextOption = Annotated[bool, typer.Option(
    "--text", help=N_("Print the same content as a short text for a message, instead of "
                      "a picture."))]


def _one_of(path: Path | None, text: bool) -> Path | None:
    """The picture's file, or None for ``--text``: one of them, and its name checked."""
    if (path is None) == (not text):
        raise InputError("FILE", _("give the picture to write (FILE.png) or --text, "
                                   "one of them"))
    if path is not None:
        from coinche_cli.sheets.share_draw import check_path

        check_path(path)
    return path


def _write(ctx: typer.Context, path: Path, pages: "list[Page]") -> None:
    """Draw ``pages`` and write them under ``path`` (several: ``NAME-1.png``…), said."""
    from coinche_cli.cli.store import refuse_own_files
    from coinche_cli.sheets.share_draw import names, pngs, write_pictures

    refuse_own_files(open_store(ctx), names(path, len(pages)))
    for written in write_pictures(path, pngs(pages)):
        print_line(_("wrote {path}").format(path=written))


def tournament_share(
    ctx: typer.Context,
    kind: Annotated[str, typer.Argument(metavar="KIND", help=N_(
        "What the picture shows: standings, round, prizes or bracket."))],
    path: FileArgument = None,
    round_number: RoundOption = None,
    text: TextOption = False,
    stage: Annotated[str | None, typer.Option("--stage", metavar=N_("NAME"), help=N_(
        "A bracket's knock-out stage (default: the only one)."))] = None,
    tournament: TournamentOption = None,
) -> None:
    from coinche_cli.sheets import share_content, share_layout
    from coinche_cli.tournament import share_data

    chosen = share_data.check(kind, round_number, stage)
    path = _one_of(path, text)
    sheet = share_content.sheet(share_data.shared(open_store(ctx), tournament, chosen,
                                                  round_number, stage))
    if path is None:
        print_line(share_layout.message(sheet).rstrip("\n"))
        return
    from coinche_cli.sheets.share_draw import measure

    _write(ctx, path, share_layout.pages(sheet, measure))


def game_share(ctx: typer.Context, path: FileArgument = None, text: TextOption = False,
               game: GameOption = None) -> None:
    from coinche_cli.game import ops as games
    from coinche_cli.game.views import recap_json
    from coinche_cli.sheets import share_game

    path = _one_of(path, text)
    recap = recap_json(*games.load(open_store(ctx), game))
    if path is None:
        print_line(share_game.message(recap).rstrip("\n"))
        return
    from coinche_cli.sheets.share_draw import measure

    _write(ctx, path, share_game.pages(recap, measure))
