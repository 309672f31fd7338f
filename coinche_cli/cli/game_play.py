"""``coinche game play``: the interactive loop for the table.

Each deal is saved the moment it is complete (one transaction), so leaving with ``q``, Ctrl-C
or closing the laptop loses nothing already saved; the deal being entered is dropped.

Every answer is checked the moment it is typed, against the answers already given: the deal
so far goes through the same check as ``game add`` (:func:`check_deal`), so a points answer
outside ``0..total`` or a belote the contract's mode does not allow is refused at once and
asked again; the other answers of the deal are kept.  Two questions are asked only when the
deal needs them: the other players' points (chien, unless the taker's points settle the deal)
and, under best-announce-only rules, which side's equal-best announces count.

Lists (belote holders, announces, the other players' points) are separated by spaces or
commas alike: ``A,A``, ``A, A`` and ``A A`` are the same answer; an announce of several words
is read whole (``A:carré de valets``, ``B:carré V``).

``<`` (or ``back``, ``retour``) at any question goes back to the question answered before it,
in this deal: its answer and every one after it are dropped and asked again (a contract gets
its ``contré`` added without losing the deal).
"""

from __future__ import annotations

from collections.abc import Callable

from coinche_cli.cli import game_view
from coinche_cli.cli.output import print_line
from coinche_cli.errors import CoincheError, DealError, InputError
from coinche_cli.game import ops as games
from coinche_cli.game.state import GameState, Setup
from coinche_cli.i18n import _, ngettext
from coinche_cli.names import fold
from coinche_cli.rules.model import canonical_announce
from coinche_cli.scoring.check import check_contract, check_deal
from coinche_cli.scoring.deal import ContractKind, Deal, parse_contract
from coinche_cli.store.protocol import Store

#: which question to ask again when the complete deal is refused on a field
FIELD_QUESTION = {
    "taker": "taker", "contract": "contract", "trump": "contract", "coinche": "contract",
    "generale": "announces", "points": "points", "capot": "announces", "belote": "belote",
    "announces": "announces", "announce_winner": "winner",
}  # fmt: skip
#: the questions that only make sense after another one, asked again with it
DEPENDENT = {"points": ("others",), "announces": ("winner",)}
#: what leaves the loop at any question (in English or in French)
QUIT = ("q", "quit", "quitter")
#: at the taker question: a deal everybody passed, or the last deal undone
PASS = ("p", "pass", "passe")
UNDO = ("u", "undo", "annuler")
#: at any question: back to the question answered before it
BACK = ("<", "back", "retour")
#: the questions a side answers (by its letter or its name)
SIDE_QUESTIONS = ("taker", "belote", "winner")
#: the most words an announce is typed with (``carré de valets``)
ANNOUNCE_WORDS = 3


class _Quit(Exception):
    """The scorekeeper asked to leave."""


def _is_side_name(setup: Setup, answer: str) -> bool:
    """``answer`` is a side's whole name (a team called "Passe" is named, not a pass)."""
    from coinche_cli.names import fold

    return any(fold(answer) == fold(name) for name in setup.names.values())


def _sides_hint(setup: Setup) -> str:
    return ", ".join(f"{s}={n}" for s, n in setup.names.items())


def _contract(answers: dict[str, str]) -> Deal:
    """The contract answered so far, as a deal without points (for its mode and kind)."""
    contract, trump, coinche = parse_contract(answers["contract"])
    return Deal(answers["taker"], contract, trump, coinche)


def _questions(setup: Setup) -> list[str]:
    """Every question this game may ask, in order (``others`` and ``winner`` are answered
    blank by the question before them when the deal does not need them)."""
    asked = ["taker", "contract", "points"]
    if setup.players != 4:  # each for himself: the taker's points do not settle the rest
        asked.append("others")
    if any(mode.belotes for mode in setup.rules.modes.values()):
        asked.append("belote")
    asked.append("announces")  # also where an unannounced capot is noted (capot:A)
    asked.append("winner")
    return asked


def _prompt(question: str, setup: Setup, answers: dict[str, str]) -> str:
    """The prompt of ``question`` (one of :func:`_questions`)."""
    match question:
        case "taker":
            return _("taker ({sides})> ").format(sides=_sides_hint(setup))
        case "contract":
            # with its answer within 80 columns (issue 32)
            return _("contract: bid {min}..{max} and trump, x/xx if coinché (100S, 90Hx, "
                     "capotTA)> ").format(min=setup.rules.bid_min, max=setup.rules.bid_max)
        case "points":
            deal = _contract(answers)
            total = setup.rules.modes[deal.trump.value].total
            if isinstance(deal.contract, ContractKind):
                kind = "capot" if deal.contract is ContractKind.CAPOT else "générale"
                return _("taker's card points 0..{total}, dix de der included (blank: "
                         "{contract} made)> ").format(total=total, contract=kind)
            return _("taker's card points 0..{total}, dix de der included> ").format(total=total)
        case "others" if len(setup.sides) == 2:
            return _("other player's card points (N or SEAT:N)> ")
        case "others":
            return _("other players' points, SEAT:N (2:30)> ")
        case "belote":
            return _("belote: side(s) holding it (blank: none)> ")
        case "announces":
            return _("announces SIDE:NAME (A:tierce B:cinquante), capot:SIDE (blank: none)> ")
        case "winner":
            return _("equal best announces: side whose announces count ({sides})> ").format(
                sides=_sides_hint(setup))
    raise ValueError(question)


def _tokens(text: str) -> list[str]:
    """The items of a list answer: spaces and commas both separate them, and spaces around a
    colon are dropped (``A : tierce, B:cent`` is ``A:tierce B:cent``)."""
    spaced = " ".join(text.replace(",", " ").split())
    return spaced.replace(" :", ":").replace(": ", ":").split()


def _side_list(setup: Setup, text: str, field: str) -> list[str]:
    """The sides of a list answer as typed: comma-separated parts, each a whole side name
    (``Les As``) or, when it is not one, its words (``A A``)."""
    typed: list[str] = []
    for part in text.split(","):
        words = part.split()
        if len(words) > 1:
            try:
                setup.side(" ".join(words), field)
            except InputError:
                typed.extend(words)
                continue
            typed.append(" ".join(words))
        else:
            typed.extend(words)
    return typed


def _whole(text: str) -> int:
    """Card points as typed: ASCII digits only (``²`` is a digit to Python, not to us)."""
    if not (text.isascii() and text.isdigit()):
        raise DealError("points", _("“{got}” is not a number of card points"), got=text)
    return int(text)


def _other_points(setup: Setup, answers: dict[str, str]) -> dict[str, int]:
    """The other players' points as typed (``SEAT:N`` items; a bare ``N`` when only one other
    player is at the table)."""
    others = [s for s in setup.sides if s != setup.side(answers["taker"])]
    given: dict[str, int] = {}
    for item in _tokens(answers.get("others", "")):
        side, sep, value = item.rpartition(":")
        if not sep and len(others) == 1:
            side = setup.names.get(others[0], others[0])  # the whole name reads back as one
        elif not side or not value:
            raise DealError("points", _("“{got}” should be SIDE:VALUE"), got=item)
        if side in given:
            raise DealError("points", _("the points of {side} are given twice; give them once"),
                            side=side)
        given[side] = _whole(value)
    return given


def _announce_items(text: str) -> list[str]:
    """The items of an announces answer (:func:`_tokens`), an announce of several words
    joined back into one item (``A:carré de valets``, ``carré V``): the longest run of
    words, after a name, that names an announce."""
    tokens = _tokens(text)
    items: list[str] = []
    start = 0
    while start < len(tokens):
        item = tokens[start]
        name = item.partition(":")[2] if ":" in item else item
        run = 1
        for size in range(ANNOUNCE_WORDS, 1, -1):
            more = tokens[start + 1:start + size]
            if len(more) == size - 1 and not any(":" in word for word in more) \
                    and canonical_announce(" ".join([name, *more])) is not None:
                run = size
                break
        items.append(" ".join(tokens[start:start + run]))
        start += run
    return items


def _announces(text: str) -> tuple[dict[str, tuple[str, ...]], str | None, bool]:
    """Announces as typed: ``SIDE:NAME`` items (a bare name after one is that side's too:
    ``A:tierce,cinquante``), ``capot:SIDE`` and ``generale``."""
    named: dict[str, list[str]] = {}
    capot: str | None = None
    generale = False
    current: str | None = None
    for item in _announce_items(text):
        side, sep, value = item.partition(":")
        if not sep and fold(item) == "generale":
            generale = True
        elif not sep and current is not None:
            named[current].append(item)
        elif not sep or not side or not value:
            raise DealError("announces", _("“{got}” should be SIDE:VALUE"), got=item)
        elif fold(side) == "capot":
            if capot is not None:
                raise DealError("capot", _("{option} is given twice; give it once"),
                                option="capot:")
            capot, current = value, None
        else:
            current = side
            named.setdefault(side, []).append(value)
    return {side: tuple(names) for side, names in named.items()}, capot, generale


def _deal(setup: Setup, answers: dict[str, str]) -> Deal:
    """The deal answered so far, its sides as typed (``games.add`` reads them, once)."""
    deal = _contract(answers)
    points: dict[str, int] = {}
    if answers.get("points"):
        points[answers["taker"]] = _whole(answers["points"])
    for side, value in _other_points(setup, answers).items():
        if side in points:
            raise DealError("points", _("the points of {side} are given twice; give them once"),
                            side=side)
        points[side] = value
    announces, capot, generale = _announces(answers.get("announces", ""))
    return deal._replace(
        points=points or None, capot=capot, generale=True if generale else None,
        belote=tuple(_side_list(setup, answers.get("belote", ""), "belote")),
        announces=announces, announce_winner=answers.get("winner") or None)


def _check(setup: Setup, answers: dict[str, str]) -> None:
    """Refuse the deal answered so far as ``game add`` would (nothing is written)."""
    check_deal(setup.rules, setup.with_sides(_deal(setup, answers)), setup.players)


def _accept(question: str, answer: str, setup: Setup,
            answers: dict[str, str]) -> dict[str, str]:
    """The answers to record once ``answer`` is taken; :class:`InputError` refuses it.

    A question the deal turns out not to need (the other players' points, the announce
    winner) is answered blank here, so it is not asked.
    """
    if question == "taker":
        if not answer:
            raise DealError("taker", _("missing"))
        setup.side(answer)
        return {"taker": answer}
    if question == "contract":
        contract, trump, coinche = parse_contract(answer)
        check_contract(setup.rules, Deal("", contract, trump, coinche), setup.players)
        return {"contract": answer}
    trial = {**answers, question: answer}
    if question == "points":
        deal = _contract(answers)
        if not answer and not isinstance(deal.contract, ContractKind):
            raise DealError("points", _("give the taker's card points (blank: a capot or "
                                        "générale made)"))
        total = setup.rules.modes[deal.trump.value].total
        if answer and not 0 <= _whole(answer) <= total:
            raise DealError("points", _("{side}: {got} is outside 0..{total}"),
                            side=setup.side(answers["taker"]), got=int(answer), total=total)
        try:
            _check(setup, trial)
        except InputError:
            if "others" not in _questions(setup):
                raise
            return {"points": answer}  # the other players' points are needed: asked next
        return {"points": answer, "others": ""}
    if question == "announces":
        try:
            _check(setup, trial)
        except InputError as exc:
            # equal best announces and no winner yet: the one case the next question settles
            if exc.field != "announce_winner":
                raise
            return {"announces": answer}
        return {"announces": answer, "winner": ""}
    if question == "winner" and not answer:
        raise DealError("announce_winner", _("missing"))
    _check(setup, trial)  # others, belote, winner
    return {question: answer}


def _forget(answers: dict[str, str], question: str | None) -> None:
    """Drop a refused answer (and the questions that depend on it); ``None``: every answer."""
    if question is None:
        answers.clear()
        return
    for name in (question, *DEPENDENT.get(question, ())):
        answers.pop(name, None)


def _refuse(exc: CoincheError) -> None:
    print_line(_("error: {message}").format(message=exc.text))


def _back(setup: Setup, question: str, answers: dict[str, str], typed: set[str]) -> None:
    """Go back from ``question`` to the question typed before it in this deal: drop its answer
    and every later one (asked again), and say what it was; at the deal's first question,
    say there is nothing to go back to."""
    order = _questions(setup)
    before = [q for q in order[:order.index(question)] if q in typed]
    if not before:
        print_line(_("error: {message}").format(message=_(
            "nothing to go back to: this is the deal's first question (u undoes the last "
            "saved deal)")))
        return
    previous = before[-1]
    answer = answers.get(previous, "")
    for name in order[order.index(previous):]:
        answers.pop(name, None)
        typed.discard(name)
    if answer:
        print_line(_("back one question; the answer was: {answer}").format(answer=answer))
    else:
        print_line(_("back one question; the answer was blank"))


def _play_deal(store: Store, game_id: int, state: GameState, read: Callable[[str], str],
               answers: dict[str, str]) -> GameState:
    """Ask for one deal (or a pass, or an undo) and save it; ``answers`` fills as it goes."""
    setup = state.setup
    typed: set[str] = set()  # the questions the scorekeeper answered (not those left blank)
    while True:
        question = next((q for q in _questions(setup) if q not in answers), None)
        if question is None:
            try:
                change = games.add(store, game_id, _deal(setup, answers))
            except InputError as exc:  # checked as typed, so only what the store knows
                _refuse(exc)
                _forget(answers, FIELD_QUESTION.get(exc.field))
                typed.intersection_update(answers)
                continue
            for line in game_view.change_lines(change, "add"):
                print_line(line)
            return change.after
        try:  # a byte that is not UTF-8 fails to decode, or stays as a surrogate
            answer = read(_prompt(question, setup, answers)).strip()
            answer.encode("utf-8")
        except (UnicodeDecodeError, UnicodeEncodeError):
            _refuse(InputError(question, _("not UTF-8 text (retype it, or check the terminal's "
                                           "encoding)")))
            continue
        word = answer.lower()
        # where a side is the answer, a side's whole name wins over the prompt's words: a
        # team called "Quitter", "Passe" or "Retour" is named, not obeyed
        named = question in SIDE_QUESTIONS and _is_side_name(setup, answer)
        if word in QUIT and not named:
            raise _Quit
        if question == "taker" and word in PASS + UNDO and not named:
            undo = word in UNDO
            change = games.undo(store, game_id) if undo else games.add(store, game_id, None)
            for line in game_view.change_lines(change, "undo" if undo else "pass"):
                print_line(line)
            return change.after
        if word in BACK and not named:
            _back(setup, question, answers, typed)
            continue
        try:
            answers.update(_accept(question, answer, setup, answers))
        except InputError as exc:
            _refuse(exc)
            continue
        typed.add(question)


def play_loop(store: Store, game_id: int | None, read: Callable[[str], str]) -> None:
    """Ask for deals until the game ends, the scorekeeper quits, or input ends."""
    record, state = games.load(store, game_id)
    for line in game_view.totals_lines(state):
        print_line(line)
    # three lines, each within 80 columns, as every line at the table
    print_line(_("answer each question; at 'taker': p (or passe) = everybody passed, u = undo"))
    print_line(_("at any question: < (or back) = back to the previous one; q = quit"))
    print_line(_("(q drops the deal being entered; the deals entered before it are saved)"))
    answers: dict[str, str] = {}
    try:
        while not state.finished:
            answers.clear()
            state = _play_deal(store, record.id, state, read, answers)
    except (_Quit, EOFError, KeyboardInterrupt):
        print_line()
        if answers:
            print_line(_("the deal being entered is not saved"))
    except CoincheError as exc:  # an undo with nothing to undo, a finished game
        _refuse(exc)
        return play_loop(store, record.id, read)
    print_line(ngettext("saved: {count} deal in this game", "saved: {count} deals in this game",
                        state.last_number).format(count=state.last_number))
    return None
