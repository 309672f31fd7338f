"""Every sentence the user reads, in one place.

The core and the command line never build user-facing text themselves: they name a message
and its values, and this module turns that into words.  A translation (French is planned)
replaces the catalogue below and touches no command code.
"""

from __future__ import annotations

from typing import Any

MESSAGES: dict[str, str] = {
    # --- generic ---
    "error_prefix": "error",
    "ok": "ok",
    # --- rules files ---
    "rules.unknown_name": "unknown rules {name!r}; built-in rules are: {known}",
    "rules.file_missing": "no such rules file",
    "rules.yaml_syntax": "not valid YAML: {problem}",
    "rules.not_mapping": "expected a mapping of keys, got {got}",
    "rules.unknown_key": "unknown key (expected one of: {expected})",
    "rules.duplicate_key": "duplicate key (first given on line {first})",
    "rules.missing_key": "required key is missing",
    "rules.bad_type": "expected {expected}, got {got!r}",
    "rules.bad_choice": "expected one of {choices}, got {got!r}",
    "rules.bad_range": "must be {condition}, got {got!r}",
    "rules.bad_term": "unknown score term {got!r} (terms are: {terms})",
    "rules.bad_rank": "unknown card {got!r} (cards are 7 8 9 10 J Q K A)",
    "rules.missing_ranks": "the table must give all eight cards; missing: {missing}",
    "rules.bad_announce": "unknown announce {got!r} (announces are: {known})",
    "rules.same_announce": "{first!r} and {second!r} are the same announce; give one",
    "rules.extends_cycle": "extends itself through {chain}",
    "rules.extends_missing": "cannot extend {parent!r}: {reason}",
    "rules.no_modes": "at least one mode (suits, SA or TA) is required",
    "rules.bad_players": "players must be 4, or 2 and/or 3 (chien), got {got!r}",
    "rules.end_needs_target": "give end.target, end.deals or end.time_limit",
    "rules.bid_ladder": "bids.max ({max}) must be at least bids.min ({min}) on the step of {step}",
    # --- deals ---
    "deal.not_object": "a deal must be a JSON object",
    "deal.bad_json": "not valid JSON: {problem}",
    "deal.unknown_field": "unknown field {name!r} (fields are: {known})",
    "deal.missing": "missing",
    "deal.bad_type": "expected {expected}, got {got!r}",
    "deal.bad_side": "{got!r} is not a side here (sides are: {sides})",
    "deal.bad_contract_word": "{got!r} is not a contract: write bid and trump in one word, "
    "like 100S, 90♥, 120TA, 80SA, capotH, generaleS, with x or xx for coinché/surcoinché",
    "deal.bad_trump": "{got!r} is not a trump: use S H D C (♠ ♥ ♦ ♣, P K T), SA or TA",
    "deal.mode_not_played": "{mode} is not played in {rules} (modes: {modes})",
    "deal.bid_off_ladder": "{bid} is not a bid in {rules} (bids are {min}..{max} by {step}{extra})",
    "deal.no_capot": "capot is not a contract in {rules}",
    "deal.no_generale": "générale is not a contract in {rules}",
    "deal.generale_players": "générale needs a team game",
    "deal.bad_coinche": "expected 0 (none), 1 (coinché) or 2 (surcoinché), got {got!r}",
    "deal.points_range": "{side}: {got} is outside 0..{total}",
    "deal.points_sum": "the sides' points add up to {sum}, but {mode} deals {total}",
    "deal.points_sum_max": "the players' points add up to {sum}, more than the {total} in play",
    "deal.points_missing": "give the taker's card points (or the points of {need} sides)",
    "deal.points_need_all": "with {players} players give every player's points",
    "deal.capot_points": "side {side} won every trick, so it has all {total} points, not {got}",
    "deal.capot_other": "side {side} won every trick, so {other} cannot have {got} points",
    "deal.generale_not_taker": "a générale is the taker's alone; give it with the taker",
    "deal.belote_none": "no belote in {mode} under {rules}",
    "deal.belote_many": "at most {max} belote(s) in {mode} under {rules}, got {got}",
    "deal.no_announces": "{rules} has no announces",
    "deal.bad_announce": "{side}: {got!r} is not an announce in {rules} (announces: {known})",
    "deal.announce_tie": "sides {sides} have equal best announces ({value}); "
    "give announce_winner",
    "deal.announce_winner_none": "{side} declared no announce",
    "deal.bad_option": "{got!r} should be SIDE:VALUE",
    "deal.words_count": "expected TAKER CONTRACT [POINTS], got {got}",
    "deal.bad_points_word": "{got!r} is not a number of card points",
    # --- score explanation ---
    "term.points": "{value} card points",
    "term.contract": "{value} contract",
    "term.base": "{value} base",
    "term.belote": "{value} belote",
    "term.announces": "{value} announces",
    "term.all_announces": "{value} announces (all)",
    "term.capot_bonus": "{value} capot bonus",
    "term.fixed": "{value} forfait",
    "term.multiplied": "({inner}) × {factor}",
    "score.line": "{side}: {terms} = {total}",
    "score.nothing": "{side}: 0",
    "score.made": "{taker} made {contract}: {detail}",
    "score.failed": "{taker} failed {contract}: {detail}",
    "score.reach": "{have} counted against {need} needed",
    "score.reach_min": "{have} counted against {need} needed, {points} card points against {min}",
    "score.capot_made": "won every trick",
    "score.capot_failed": "did not win every trick",
    "score.generale_made": "the taker alone won every trick",
    "score.generale_failed": "the taker did not win every trick alone",
    "score.beat_defence": "{points} card points against the defence's {defence}",
    "score.rounded": "card points as scored ({method}): {detail}",
    "coinche.1": "coinché ×{factor}",
    "coinche.2": "surcoinché ×{factor}",
    # --- games ---
    "game.unknown": "no game {id} in this store",
    "game.no_current": "no current game: start one with 'coinche game new' or pass --game ID",
    "game.finished": "this game is over ({winner} won); start a new one with 'coinche game new'",
    "game.finished_draw": "this game is over (a draw); start a new one with 'coinche game new'",
    "game.ambiguous_side": "{got!r} matches several sides ({sides}); type more of the name",
    "game.names_count": "this game has {want} sides; got {got} names",
    "game.names_twice": "two sides have the same name",
    "game.bad_players": "{rules} is played by {allowed} players, not {got}",
    "game.bad_target": "the target must be a positive number of points, got {got}",
    "game.bad_deals": "the number of deals must be positive, got {got}",
    "game.nothing_to_undo": "no deal to undo",
    "game.no_such_deal": "no deal {number} (this game has {count})",
    "game.edit_ends_early": "this change would end the game at deal {end}, "
    "but deals {later} follow; undo them first",
    # --- game views ---
    "view.passed": "passe",
    "view.made": "made",
    "view.failed": "failed",
    "view.pass_line": "deal {number}: everybody passed (dealer {dealer})",
    "view.deal_line": "deal {number}: {taker} {contract} {outcome} ({reason})",
    "view.totals": "totals: {totals}",
    "view.to_target": "(to {target}: {gaps})",
    "view.deals_left": "({played} of {deals} deals played)",
    "view.winner": "game over: {winner} win with {total} (against {others})",
    "view.draw": "game over: a draw ({totals})",
    "view.next_dealer": "next dealer: {dealer}",
    "view.undo_was": "removed deal {number}:",
    "view.edit_was": "deal {number} was:",
    "view.totals_were": "totals were: {totals}",
    "view.sheet_title": "game {id} · {rules} · {sides}",
    "view.total_of": "Σ {side}",
    "view.summary": "{side}: {taken} contracts taken, {made} made, {failed} failed; "
    "coinched {coinched}, coinched against {was_coinched}",
    "view.game_new": "game {id} started: {rules}, {sides}; first dealer {dealer}",
    "view.game_use": "current game: {id}",
    "view.no_games": "no games yet",
    "view.exported": "wrote {path} ({deals} deals)",
    "game.export_nothing": "say where: --csv FILE and/or --xlsx FILE",
    "play.help": "answer each question; at 'taker': p = everybody passed, u = undo, q = quit",
    "play.taker": "taker ({sides})> ",
    "play.contract": "contract: bid {min}..{max} and trump, x/xx if coinché "
    "(100S, 90Hx, capotTA)> ",
    "play.points": "taker's card points, dix de der included (blank: capot made)> ",
    "play.others": "other players' points, SEAT:N (2:30)> ",
    "play.belote": "belote: side(s) holding it (blank: none)> ",
    "play.announces": "announces SIDE:NAME (A:tierce B:cinquante), capot:SIDE (blank: none)> ",
    "play.bye": "saved: {deals} deals in this game",
    # --- command line ---
    "cli.rules_ok": "ok: {name} ({path})",
    "cli.deal_source": "give the deal as words (TAKER CONTRACT POINTS) or with --deal, not both",
    "cli.no_deal": "give the deal: TAKER CONTRACT [POINTS] or --deal JSON",
}


def msg(key: str, **values: Any) -> str:
    """Return the sentence named ``key`` with ``values`` filled in."""
    return MESSAGES[key].format(**values)
