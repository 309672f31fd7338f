"""How a game reads on the terminal (its JSON is :mod:`coinche_cli.game.views`).

Everything here is plain text (no Rich import): the per-deal lines print after every deal at
the table, the score sheet is a plain-text table (:mod:`coinche_cli.cli.output`).
"""

from __future__ import annotations

from coinche_cli.cli.output import (
    LINE_WIDTH,
    Column,
    print_line,
    print_table,
    text_width,
    wrapped,
)
from coinche_cli.game.state import Change, GameState, Row, summary
from coinche_cli.i18n import _, ngettext
from coinche_cli.rules.choices import outcome_words
from coinche_cli.store.records import GameRecord


def name(state: GameState, side: str | None) -> str:
    """A side's display name."""
    if side is None:
        return ""
    return state.setup.names.get(side, side)


def contract_text(row: Row) -> str:
    """``100♠ x`` style contract of a row, or ``passe``."""
    deal = row.entry.deal
    if deal is None:
        return _("passe")
    coinche = {0: "", 1: " x", 2: " xx"}[deal.coinche]
    return f"{deal.contract}{deal.trump.symbol}{coinche}"


def totals_lines(state: GameState, *, fitted: bool = True) -> list[str]:
    """Running totals, the distance to the target, the next dealer, the winner; ``fitted``
    (after a deal at the table), every line within 80 columns, else each whole (under the
    score sheet, which fits the terminal or prints whole into a pipe)."""
    totals = " · ".join(f"{name(state, s)} {t}" for s, t in state.totals.items())
    line = _("totals: {totals}").format(totals=totals)
    notes = []
    to_target = state.to_target()
    if to_target is not None and not state.finished:
        gaps = ", ".join(f"{name(state, s)} {g}" for s, g in to_target.items())
        notes.append(_("(to {target}: {gaps})").format(target=state.setup.end.target,
                                                        gaps=gaps))
    end = state.setup.end
    if end.deals is not None and not state.finished:
        notes.append(ngettext("({count} of {deals} deals played)",
                              "({count} of {deals} deals played)",
                              state.played).format(count=state.played, deals=end.deals))
    # within 80 columns: a note that does not fit goes, whole, on the line below
    lines = [line]
    for note in notes:
        if not fitted or text_width(lines[-1]) + 2 + text_width(note) <= LINE_WIDTH:
            lines[-1] += "  " + note
        else:
            lines.append("  " + note)
    if state.held and state.finished:
        lines.append(_("a litige held {held} points: the game ended before another contract "
                       "was made, so nobody scores them").format(held=state.held))
    elif state.held:
        lines.append(_("a litige holds {held} points for the next contract made").format(
            held=state.held))
    if state.belote_only:
        lines.append(_("over the target by a belote alone, to take a trick in a later deal: "
                       "{sides}").format(sides=", ".join(name(state, s)
                                                         for s in state.belote_only)))
    if state.finished and state.winner is None:
        lines.append(_("game over: a draw ({totals})").format(totals=totals))
    elif state.finished:
        winner = state.winner or ""
        others = " · ".join(str(t) for s, t in state.totals.items() if s != winner)
        lines.append(_("game over: {winner} won with {total} (against {others})").format(
            winner=name(state, winner), total=state.totals[winner], others=others))
    else:
        lines.append(_("next dealer: {dealer}").format(
            dealer=state.setup.seat_label(state.next_dealer)))
    return wrapped(lines) if fitted else lines


def deal_lines(state: GameState, row: Row, width: int = LINE_WIDTH) -> list[str]:
    """A deal as recorded: its outcome, why, and each side's points; every line within
    ``width`` columns (a long one goes on, indented, on the next)."""
    if row.result is None or row.entry.deal is None:
        return wrapped([_("deal {number}: everybody passed, dealer {dealer}").format(
            number=row.number, dealer=state.setup.seat_label(row.dealer))], width)
    deal = row.entry.deal
    outcome = outcome_words("made" if row.result.made else "failed")
    return wrapped([
        _("deal {number}: {taker} {contract} {outcome}").format(
            number=row.number, taker=name(state, deal.taker), contract=contract_text(row),
            outcome=outcome),
        "  " + row.result.reason.split(": ", 1)[-1],
        *(f"  {line}" for line in row.result.explain(state.setup.names)[1:]),
    ], width)


def change_lines(change: Change, verb: str) -> list[str]:
    """Lines shown after ``add``, ``pass``, ``undo`` or ``edit``."""
    after = change.after
    lines: list[str] = []
    if verb in ("undo", "edit"):
        old_row = next((r for r in change.before.rows if r.number == change.number), None)
        if old_row is not None:
            if verb == "undo":
                lines.append(_("removed deal {number}:").format(number=change.number))
            else:
                lines.append(_("deal {number} was:").format(number=change.number))
            # indented under "removed deal 5:": two columns fewer, still within 80
            lines += [f"  {line}" for line in deal_lines(change.before, old_row,
                                                         LINE_WIDTH - 2)]
    row = next((r for r in after.rows if r.number == change.number), None)
    if verb != "undo" and row is not None:
        lines += deal_lines(after, row)
    if verb in ("undo", "edit"):
        before = " · ".join(f"{name(after, s)} {t}" for s, t in change.before.totals.items())
        lines.append(_("totals were: {totals}").format(totals=before))
    lines += totals_lines(after)
    return lines


def sheet_columns(state: GameState, wide: bool) -> list[Column]:
    """The score sheet's columns: short headers, the sides by their codes (the title names
    them); with ``wide``, why each deal scored what it did."""
    sides = state.setup.sides
    columns = [Column(_("#"), right=True), Column(_("dealer")), Column(_("contract")),
               Column(_("taker"), flexible=True), Column(_("result")),
               *(Column(side, right=True) for side in sides),
               *(Column(_("Σ {side}").format(side=side), right=True) for side in sides)]
    if wide:
        columns.append(Column(_("why")))
    return columns


def sheet_row(state: GameState, row: Row, wide: bool) -> list[str]:
    """One deal on one line: with ``wide``, the dealer by name and seat and why it scored
    what it did; else the dealer's seat number."""
    setup = state.setup
    deal = row.entry.deal
    result = row.result
    dealer = setup.seat_label(row.dealer) if wide else str(row.dealer + 1)
    outcome = "" if result is None else outcome_words("made" if result.made else "failed")
    cells = [str(row.number), dealer, contract_text(row),
             "" if deal is None else name(state, deal.taker), outcome,
             *("" if result is None else str(result.scores[s]) for s in setup.sides),
             *(str(row.totals[s]) for s in setup.sides)]
    if wide:
        cells.append("" if result is None else result.reason.split(": ", 1)[-1])
    return cells


def render_sheet(record: GameRecord, state: GameState, wide: bool = False) -> None:
    """The score sheet, one line per deal, fitted to the terminal (every column whole with
    ``wide`` or into a pipe), then the per-side summary and the totals."""
    setup = state.setup
    sides = " / ".join(_("{side}: {name}").format(side=side, name=name(state, side))
                       for side in setup.sides)
    print_line(_("game {id} · {rules} · {sides}").format(
        id=record.id, rules=record.rules_name, sides=sides))
    print_table(sheet_columns(state, wide), (sheet_row(state, row, wide) for row in state.rows),
                whole=wide)
    for side, counts in summary(state).items():
        print_line(_("{side}: contracts taken {taken}, made {made}, failed {failed}; coinched "
                     "{coinched}, coinched against {was_coinched}").format(
                         side=name(state, side), **counts))
    for line in totals_lines(state, fitted=False):
        print_line(line)
