"""``coinche game play``: the interactive loop for the table.

Each deal is saved the moment it is complete (one transaction), so leaving with Ctrl-C or
closing the laptop loses nothing already entered.  A bad answer is asked again; the other
answers of the deal are kept.
"""

from __future__ import annotations

from collections.abc import Callable

from coinche_cli.cli import game_view
from coinche_cli.cli.output import print_line
from coinche_cli.errors import CoincheError, DealError, InputError
from coinche_cli.game import ops as games
from coinche_cli.game.state import GameState
from coinche_cli.messages import msg
from coinche_cli.scoring.check import check_contract
from coinche_cli.scoring.deal import Deal, deal_from_words, parse_contract_word
from coinche_cli.store import Store

# which question to ask again when a deal field is refused
FIELD_QUESTION = {
    "taker": "taker", "contract": "contract", "trump": "contract", "coinche": "contract",
    "generale": "contract", "points": "points", "capot": "points", "belote": "belote",
    "announces": "announces", "announce_winner": "announces",
}  # fmt: skip
QUESTIONS = ("taker", "contract", "points", "others", "belote", "announces")


class _Quit(Exception):
    """The scorekeeper asked to leave."""


def _sides_hint(state: GameState) -> str:
    return ", ".join(f"{s}={n}" for s, n in state.setup.names.items())


def _ask(read: Callable[[str], str], question: str, state: GameState) -> str:
    rules = state.setup.rules
    prompts = {
        "taker": msg("play.taker", sides=_sides_hint(state)),
        "contract": msg("play.contract", min=rules.bid_min, max=rules.bid_max),
        "points": msg("play.points"),
        "others": msg("play.others"),
        "belote": msg("play.belote"),
        "announces": msg("play.announces"),
    }
    return read(prompts[question]).strip()


def _check_answer(question: str, answer: str, state: GameState) -> None:
    """Refuse a malformed answer at once, before the next question."""
    if question == "taker" and not answer:
        raise DealError("taker", "deal.missing")
    if question == "taker" and answer.lower() not in ("p", "u", "q", "quit"):
        state.setup.side(answer)
    elif question == "contract":
        contract, trump, coinche = parse_contract_word(answer)
        check_contract(state.setup.rules, Deal("", contract, trump, coinche),
                       state.setup.players)
    elif question == "points" and answer and not answer.isdigit():
        raise DealError("points", "deal.bad_points_word", got=answer)
    elif question == "belote":
        for side in answer.split():
            state.setup.side(side, "belote")
    elif question == "announces":
        for item in answer.split():
            side, sep, value = item.partition(":")
            if item.lower() == "generale":
                continue
            if not sep or not value:
                raise DealError("announces", "deal.bad_option", got=item)
            if side.lower() == "capot":
                state.setup.side(value, "capot")
            else:
                state.setup.side(side, "announces")


def _ask_valid(read: Callable[[str], str], question: str, state: GameState) -> str:
    """Ask until the answer is well formed."""
    while True:
        answer = _ask(read, question, state)
        try:
            _check_answer(question, answer, state)
        except InputError as exc:
            print_line(f"{msg('error_prefix')}: {exc.text}")
            continue
        return answer


def _deal(answers: dict[str, str]) -> Deal:
    words = [answers["taker"], answers["contract"]]
    if answers.get("points"):
        words.append(answers["points"])
    belote = answers.get("belote", "").split()
    announce = answers.get("announces", "").split()
    capot = None
    generale = False
    extra_points: list[str] = []
    for item in answers.get("others", "").split():
        extra_points.append(item)
    for item in list(announce):
        if item.lower().startswith("capot:"):
            capot = item.split(":", 1)[1]
            announce.remove(item)
        elif item.lower() == "generale":
            generale = True
            announce.remove(item)
    return deal_from_words(words, belote=belote, announce=announce, capot=capot,
                           generale=generale, points=extra_points)


def _questions(state: GameState) -> list[str]:
    rules = state.setup.rules
    asked = ["taker", "contract", "points"]
    if state.setup.players == 3:
        asked.append("others")
    if any(mode.belotes for mode in rules.modes.values()):
        asked.append("belote")
    asked.append("announces")  # also where an unannounced capot is noted (capot:A)
    return asked


def play_loop(store: Store, game_id: int | None, read: Callable[[str], str]) -> None:
    """Ask for deals until the game ends, the scorekeeper quits, or input ends."""
    record, state = games.load(store, game_id)
    for line in game_view.totals_lines(state):
        print_line(line)
    print_line(msg("play.help"))
    try:
        while not state.finished:
            answers: dict[str, str] = {}
            questions = _questions(state)
            while True:
                for question in questions:
                    if question in answers:
                        continue
                    answer = _ask_valid(read, question, state)
                    if question == "taker" and answer.lower() in ("q", "quit"):
                        raise _Quit
                    if question == "taker" and answer.lower() in ("u", "p"):
                        change = (games.undo(store, record.id) if answer.lower() == "u"
                                  else games.add(store, record.id, None))
                        verb = "undo" if answer.lower() == "u" else "pass"
                        for line in game_view.change_lines(change, verb):
                            print_line(line)
                        state = change.after
                        break
                    answers[question] = answer
                else:
                    try:
                        change = games.add(store, record.id, _deal(answers))
                    except InputError as exc:
                        print_line(f"{msg('error_prefix')}: {exc.text}")
                        again = FIELD_QUESTION.get(exc.field)
                        if again is None:
                            answers.clear()
                        else:
                            answers.pop(again, None)
                        continue
                    for line in game_view.change_lines(change, "add"):
                        print_line(line)
                    state = change.after
                break
    except (_Quit, EOFError, KeyboardInterrupt):
        print_line()
    except CoincheError as exc:  # an undo with nothing to undo, a finished game
        print_line(f"{msg('error_prefix')}: {exc.text}")
        return play_loop(store, record.id, read)
    print_line(msg("play.bye", deals=state.last_number))
    return None
