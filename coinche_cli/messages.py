"""Every sentence the user reads, in one place, in English: the source of the catalogues.

The core and the command line never build user-facing text themselves: they name a message
and its values, and this module turns that into words in the language in use
(:mod:`coinche_cli.i18n`).  ``N_`` marks a message for Babel's extraction (``NP_`` one with
a plural form); the French lives in ``locale/fr/LC_MESSAGES/coinche.po``.  Placeholders are
named, and a message is a whole sentence: a translation may move them freely.
"""

from __future__ import annotations

from typing import Any

from coinche_cli.i18n import N_, NP_, translations

MESSAGES: dict[str, str | tuple[str, str]] = {
    # --- generic ---
    "error.line": N_("error: {message}"),
    "warning.line": N_("warning: {message}"),
    "error.field": N_("{field}: {message}"),
    # the fields a refusal names (a deal's JSON fields, options); others are shown as named
    "field.deal": N_("deal"),
    "field.taker": N_("taker"),
    "field.contract": N_("contract"),
    "field.trump": N_("trump"),
    "field.coinche": N_("coinche"),
    "field.points": N_("points"),
    "field.capot": N_("capot"),
    "field.generale": N_("generale"),
    "field.belote": N_("belote"),
    "field.announces": N_("announces"),
    "field.announce_winner": N_("announce_winner"),
    "field.dealer": N_("dealer"),
    "field.team": N_("team"),
    "field.players": N_("players"),
    "field.sep": N_("sep"),
    "field.path": N_("path"),
    "field.argument": N_("argument {position}"),
    "field.source": N_("source"),
    "field.destination": N_("destination"),
    "rows.more": NP_("… and {count} more", "… and {count} more"),
    # --- the store ---
    "store.foreign": N_("{path} is not a coinche store (another program's file); name another "
    "file with --db"),
    "store.busy": N_("{path} is busy: {holders} holds it; try again when it is done"),
    "store.someone": N_("another program"),
    "store.holder": N_("{command} (pid {pid})"),
    "store.read_only": N_("{path} cannot be written (read-only); check its permissions"),
    "store.changed": N_("{path} was changed by another command at the same moment; try again"),
    "store.failed": N_("{path}: {reason}"),
    "store.is_target": N_("{path} is the store itself: write the export to another file"),
    "store.pg_unreachable": N_("cannot reach the PostgreSQL server of {url}: check that it "
                               "runs, its host and port, and the network"),
    "store.pg_password": N_("{url}: the server refused the user's password: check the user, "
                            "PGPASSWORD or ~/.pgpass"),
    "store.pg_no_database": N_("{url}: no such database on the server: create it first "
                               "(createdb) or check its name"),
    "store.pg_permission": N_("{url}: the user may not do this: grant it the database "
                              "(owner, or CREATE and the tables' rights)"),
    "store.pg_driver": N_("{url} needs the PostgreSQL driver, which cannot be loaded "
                          "({reason}): install coinche[postgres]"),
    "store.newer": N_("{path} was written by a newer coinche (schema version {version}; this "
    "version knows up to {known}); upgrade coinche to use it"),
    # --- rules files ---
    "rules.more_problems": N_("{first} (and {more} more: see coinche rules validate)"),
    "rules.unknown_name": N_("unknown rules {name!r}; built-in rules are: {known}"),
    "rules.file_missing": N_("no such rules file"),
    "rules.cannot_read": N_("cannot read it: {reason}"),
    "rules.is_folder": N_("a folder, not a rules file"),
    "rules.not_regular": N_("not a regular file (a device, a pipe or a socket), not a rules file"),
    "rules.too_large": N_("larger than {most}: not a rules file (a sheet is a few kilobytes)"),
    "rules.chain_too_large": N_(
        "with the files that extend it, more than {most}: not a rules file"),
    "rules.not_text": N_("not UTF-8 text (save the file as UTF-8)"),
    "rules.control_char": N_("a control character ({code}) cannot be in a rules file"),
    "rules.yaml_syntax": N_("not valid YAML: {problem}"),
    "rules.yaml_alias": N_("anchors and aliases (&name, *name) cannot be used in a rules file: "
    "write each value out"),
    "rules.yaml_tag": N_("YAML tags ({tag}) cannot be used in a rules file"),
    "rules.yaml_merge": N_("merge keys (<<) cannot be used in a rules file: write the keys out"),
    "rules.yaml_complex_key": N_("a key must be a word or a number, not a list or a mapping"),
    "rules.yaml_depth": N_("nested more than {most} levels deep: not a rules file"),
    "rules.yaml_size": N_("more than {most:,} values: not a rules file"),
    "rules.long_number": N_("a number of more than {most} characters: {got!r}"),
    "rules.bad_scalar": N_("{got!r} is neither a number nor a date (quote it to make it text)"),
    "rules.not_mapping": N_("expected a mapping of keys, got {got}"),
    "rules.unknown_key": N_("unknown key (expected one of: {expected})"),
    "rules.duplicate_key": N_("duplicate key (first given on line {first})"),
    "rules.bad_text": N_("{reason}"),
    "rules.missing_key": N_("required key is missing"),
    "rules.bad_type": N_("expected {expected}, got {got!r}"),
    "rules.bad_choice": N_("expected one of {choices}, got {got!r}"),
    "rules.bad_range": N_("must be {condition}, got {got!r}"),
    "rules.bad_term": N_("unknown score term {got!r} (terms are: {terms})"),
    "rules.bad_rank": N_("unknown card {got!r} (cards are 7 8 9 10 J Q K A)"),
    "rules.missing_ranks": N_("the table must give all eight cards; missing: {missing}"),
    "rules.bad_announce": N_("unknown announce {got!r} (announces are: {known})"),
    "rules.same_announce": N_("{first!r} and {second!r} are the same announce; give one"),
    "rules.extends_cycle": N_("extends itself through {chain}"),
    "rules.extends_missing": N_("cannot extend {parent!r}: {reason}"),
    "rules.extends_depth": N_("more than {most} files extend one another"),
    "rules.no_modes": N_("at least one mode (suits, SA or TA) is required"),
    "rules.bad_players": N_("players must be 4, or 2 and/or 3 (chien), got {got!r}"),
    "rules.end_needs_target": N_("give end.target, end.deals or end.time_limit"),
    "rules.bid_ladder": N_(
        "bids.max ({max}) must be at least bids.min ({min}) on the step of {step}"),
    # --- deals ---
    "deal.not_object": N_("a deal must be a JSON object"),
    "deal.bad_json": N_("not valid JSON: {problem}"),
    "deal.unknown_field": N_("unknown field {name!r} (fields are: {known})"),
    "deal.missing": N_("missing"),
    "deal.bad_type": N_("expected {expected}, got {got!r}"),
    "deal.bad_players": N_("{rules} is played by {allowed} players, not {got}"),
    "deal.bad_side": N_("{got!r} is not a side here (sides are: {sides})"),
    "deal.bad_contract_word": N_(
        "{got!r} is not a contract: write the bid and the trump, like 100S, 100 pique, 90♥, "
        "120TA, 80 SA, capotH, generaleS, then x or xx (contré, surcontré) if coinché"),
    "deal.bad_trump": N_("{got!r} is not a trump: use S H D C (♠ ♥ ♦ ♣, P K T), SA or TA"),
    "deal.mode_not_played": N_("{mode} is not played in {rules} (modes: {modes})"),
    "deal.bid_off_ladder": N_(
        "{bid} is not a bid in {rules} (bids are {min}..{max} by {step}{extra})"),
    "deal.or_slam": N_(", or {word}"),
    "deal.no_capot": N_("capot is not a contract in {rules}"),
    "deal.no_generale": N_("générale is not a contract in {rules}"),
    "deal.generale_players": N_("générale needs a team game"),
    "deal.bad_coinche": N_("expected 0 (none), 1 (coinché) or 2 (surcoinché), got {got!r}"),
    "deal.points_range": N_("{side}: {got} is outside 0..{total}"),
    "deal.points_sum": N_("the sides' points add up to {sum}, but {mode} deals {total}"),
    "deal.points_sum_max": N_("the players' points add up to {sum}, more than the {total} in play"),
    "deal.points_missing": N_(
        "give the points of {need} of the {sides} sides (the last is derived)"),
    "deal.points_need_all": N_("with {players} players give every player's points"),
    "deal.capot_points": N_("side {side} won every trick, so it has all {total} points, not {got}"),
    "deal.capot_other": N_("side {side} won every trick, so {other} cannot have {got} points"),
    "deal.generale_not_taker": N_("a générale is the taker's alone; give it with the taker"),
    "deal.belote_none": N_("no belote in {mode} under {rules}"),
    "deal.belote_many": NP_("at most {count} belote in {mode} under {rules}, got {got}",
                             "at most {count} belotes in {mode} under {rules}, got {got}"),
    "deal.no_announces": N_("{rules} has no announces"),
    "deal.bad_announce": N_("{side}: {got!r} is not an announce in {rules} (announces: {known})"),
    "deal.announce_tie": N_("sides {sides} have equal best announces ({value}); "
    "give announce_winner"),
    "deal.announce_winner_none": N_("{side} declared no announce"),
    "deal.bad_option": N_("{got!r} should be SIDE:VALUE"),
    "deal.words_count": N_("expected TAKER CONTRACT [POINTS], got {got}"),
    "deal.nothing": N_("nothing"),
    "deal.bad_points_word": N_("{got!r} is not a number of card points"),
    "deal.too_long": N_("a deal given as JSON is at most {most} characters"),
    "deal.too_deep": N_("the JSON is nested too deeply for a deal"),
    "deal.huge_number": N_("a number is far too long"),
    "deal.not_utf8": N_("the deal is not UTF-8 text"),
    "deal.too_many_announces": N_("{side} declares {count} carrés: a side's 16 cards hold at "
                                   "most {most}"),
    "deal.too_many_sequences": N_("{side} declares {count} sequences: a side's 16 cards hold "
                                  "at most {most}"),
    "deal.carre_twice": N_("the {name} is declared twice in this deal: a rank has four cards"),
    "deal.points_twice": N_("the points of {side} are given twice; give them once"),
    "deal.option_value": N_("{option} needs a value"),
    "deal.option_twice": N_("{option} is given twice; give it once"),
    "deal.unknown_option": N_("unknown option {got!r} (options: {known})"),
    # --- score explanation ---
    "term.points": N_("{value} card points"),
    "term.contract": N_("{value} contract"),
    "term.base": N_("{value} base"),
    "term.belote": N_("{value} belote"),
    "term.announces": N_("{value} announces"),
    "term.all_announces": N_("{value} announces (all)"),
    "term.capot_bonus": N_("{value} capot bonus"),
    "term.fixed": N_("{value} forfait"),
    "term.multiplied": N_("({inner}) × {factor}"),
    "score.line": N_("{side}: {terms} = {total}"),
    "score.nothing": N_("{side}: 0"),
    "score.made": N_("{taker} made {contract}: {detail}"),
    "score.failed": N_("{taker} failed {contract}: {detail}"),
    "score.reach": N_("{have} counted against {need} needed"),
    "score.reach_min": N_(
        "{have} counted against {need} needed, {points} card points against {min}"),
    "score.capot_made": N_("won every trick"),
    "score.capot_failed": N_("did not win every trick"),
    "score.generale_made": N_("the taker alone won every trick"),
    "score.generale_failed": N_("the taker did not win every trick alone"),
    "score.beat_defence": N_("{points} card points against the defence's {defence}"),
    "score.rounded": N_("card points as scored ({method}): {detail}"),
    "coinche.1": N_("coinché ×{factor}"),
    "coinche.2": N_("surcoinché ×{factor}"),
    # --- rules show ---
    "sum.nothing": N_("nothing"),
    "sum.term.points": N_("card points"),
    "sum.term.contract": N_("contract"),
    "sum.term.base": N_("base"),
    "sum.term.belote": N_("belote"),
    "sum.term.announces": N_("own announces"),
    "sum.term.all_announces": N_("every announce of the deal"),
    "sum.term.capot_bonus": N_("capot bonus"),
    "sum.announce.tierce": N_("tierce"),
    "sum.announce.cinquante": N_("cinquante"),
    "sum.announce.cent": N_("cent"),
    "sum.announce.carre": N_("carré (as, dix, rois, dames)"),
    "sum.announce.carre-A": N_("carré d'as"),
    "sum.announce.carre-10": N_("carré de dix"),
    "sum.announce.carre-K": N_("carré de rois"),
    "sum.announce.carre-Q": N_("carré de dames"),
    "sum.announce.carre-J": N_("carré de valets"),
    "sum.announce.carre-9": N_("carré de neuf"),
    "sum.announce.carre-8": N_("carré de huit"),
    "sum.announce.carre-7": N_("carré de sept"),
    "sum.or": N_(" or "),
    "sum.made": N_("made"),
    "sum.failed": N_("failed"),
    "sum.outcome_takers": N_("  {outcome}: takers score {terms};"),
    "sum.outcome_defenders": N_("          defenders score {terms}"),
    "sum.source": N_("source: {source}"),
    "sum.no_source": N_("(none given)"),
    "sum.players": N_("players: {players}, {direction}"),
    "sum.cards": N_("cards (dix de der {dix}):"),
    "sum.trump": N_("  trump: {table}"),
    "sum.plain": N_("  plain: {table}"),
    "sum.suit_total": N_("  suit contracts total {total}"),
    "sum.title": N_("{name}: {title}"),
    "size.mib": N_("{size} MiB"),
    "sum.suits": N_("suits"),
    "sum.direction.clockwise": N_("clockwise"),
    "sum.direction.counterclockwise": N_("counterclockwise"),
    "sum.when_coinched": N_("when coinched"),
    "sum.when_surcoinched": N_("when surcoinched"),
    "sum.when_capot": N_("on a capot bid"),
    "sum.when_generale": N_("on a générale bid"),
    "sum.side.takers": N_("the takers"),
    "sum.side.defenders": N_("the defenders"),
    "sum.rounding.five_up": N_("to the ten, 5 up (85 → 90, 84 → 80)"),
    "sum.rounding.six_up": N_("to the ten, 6 up (86 → 90, 85 → 80)"),
    "sum.rounding.nearest_five": N_("to the nearest 5 (83 → 85, 82 → 80)"),
    "sum.rounding.complementary": N_("the takers 5 up, the defence the rest of the total"),
    "sum.mode.SA": N_("sans-atout"),
    "sum.mode.TA": N_("tout-atout"),
    "sum.mode_cards": N_("  {mode} ({code}), every suit: {table}; total {total}"),
    "sum.ladder": N_("{min}..{max} by {step}"),
    "sum.ladder_mode": N_(" (up to {max} in {code})"),
    "sum.capot_bid": N_(", capot {value}"),
    "sum.generale_bid": N_(", générale {value}"),
    "sum.bids": N_("bids: {bids}"),
    "sum.belote": N_("belote: {value}, scored by {to} (at most per deal: {counts})"),
    "sum.belote_to.holder": N_("its holder"),
    "sum.belote_to.winner": N_("the deal's winner"),
    "sum.announces": N_("announces: {values}; {which}"),
    "sum.best_only": N_("best announce only"),
    "sum.all_count": N_("all count"),
    "sum.no_announces": N_("announces: none"),
    "sum.made_when": N_("  made when {terms} reach the bid"),
    "sum.min_points": N_(" and card points are at least {min}"),
    "sum.beat_defence": N_(" and card points beat the defence's"),
    "sum.scoring": N_("scoring:"),
    "sum.base": N_("  base (failure): {base}"),
    "sum.override": N_("  {outcome}, {when}: {side} score {terms}"),
    "sum.rounded": N_("  card points rounded: {method}{last}"),
    "sum.last_exact": N_(" (last deal exact)"),
    "sum.coinche": N_(
        "coinche ×{coinche}, surcoinche ×{surcoinche}, on the winning side's: {terms}"),
    "sum.capot_bonus": N_("bonus {bonus} for winning every trick{when}"),
    "sum.when_not_bid": N_(" when not bid"),
    "sum.capot_points": N_("a capot counts {points} card points"),
    "sum.capot": N_("capot: {text}"),
    "sum.no_capot_bonus": N_("no bonus when not bid"),
    "sum.end_target.at_least": N_("first side reaching {target}"),
    "sum.end_target.exceed": N_("first side passing {target}"),
    "sum.end_deals": NP_("after {count} deal", "after {count} deals"),
    "sum.end_time": NP_("after {count} minute", "after {count} minutes"),
    "sum.end": N_("end: {goal}; several over: {both}; tie: {tie}"),
    "sum.both_over.higher_total": N_("higher total"),
    "sum.both_over.deal_winner": N_("deal winner"),
    "sum.tie.deal_winner": N_("deal winner"),
    "sum.tie.play_on": N_("play on"),
    "sum.tie.draw": N_("draw"),
    # --- games ---
    "game.unknown": N_("no game {id} in this store"),
    "game.no_current": N_("no current game: start one with 'coinche game new' or pass --game ID"),
    "game.finished": N_(
        "this game is over ({winner} won); start a new one with 'coinche game new'"),
    "game.finished_draw": N_("this game is over (a draw); start a new one with 'coinche game new'"),
    # --- names (sides of a game, teams of a tournament) ---
    "names.ambiguous_side": N_("{got!r} could be several sides: {candidates}; type more of the "
    "name"),
    "names.unknown_side": N_("{got!r} is not a side here (sides: {known})"),
    "names.unknown_side_suggest": N_("{got!r} is not a side here; did you mean \"{suggestion}\"? "
    "(sides: {known})"),
    "names.ambiguous_team": N_("{got!r} could be several teams: {candidates}; type more of the "
    "name"),
    "names.unknown_team": N_("no team called {got!r}"),
    "names.too_long": N_("{got!r} is too long: a name has at most {most} characters"),
    "names.control": N_("{got!r} holds a control or direction character ({code}); type the name "
    "without it"),
    "names.unknown_team_suggest": N_("no team called {got!r}; did you mean \"{suggestion}\"?"),
    "game.names_count": N_("this game has {want} sides; got {got} names"),
    "game.names_twice": N_("{first!r} and {second!r} are the same name (case and accents "
    "aside); give each side its own name"),
    "game.empty_name": N_("side {side} needs a name"),
    "game.bad_players": N_("{rules} is played by {allowed} players, not {got}"),
    "game.bad_target": N_("the target must be a positive number of points, got {got}"),
    "game.bad_deals": N_("the number of deals must be positive, got {got}"),
    "game.seat_label": N_("{name} (seat {seat})"),
    "names.labelled": N_('{code} ("{name}")'),
    "names.quoted": N_('"{name}"'),
    "game.us": N_("Us"),
    "game.them": N_("Them"),
    "game.nothing_to_undo": N_("no deal to undo"),
    "game.no_such_deal": N_("no deal {number} (this game has {count})"),
    "game.edit_ends_early": N_("this change would end the game at deal {end}, "
    "but deals {later} follow; undo them first"),
    # --- game views ---
    "view.passed": N_("passe"),
    "view.made": N_("made"),
    "view.failed": N_("failed"),
    "view.pass_line": N_("deal {number}: everybody passed (dealer {dealer})"),
    "view.deal_line": N_("deal {number}: {taker} {contract} {outcome} ({reason})"),
    "view.totals": N_("totals: {totals}"),
    "view.to_target": N_("(to {target}: {gaps})"),
    "view.deals_left": NP_("({count} of {deals} deals played)",
                           "({count} of {deals} deals played)"),
    "view.winner": N_("game over: {winner} won with {total} (against {others})"),
    "view.draw": N_("game over: a draw ({totals})"),
    "view.next_dealer": N_("next dealer: {dealer}"),
    "view.undo_was": N_("removed deal {number}:"),
    "view.edit_was": N_("deal {number} was:"),
    "view.totals_were": N_("totals were: {totals}"),
    "view.status.active": N_("active"),
    "view.status.replaced": N_("replaced"),
    "view.status.removed": N_("removed"),
    "view.history_line": N_("deal {number} {status} on {changed}: {deal} (entered {recorded})"),
    "view.sheet_title": N_("game {id} · {rules} · {sides}"),
    "view.total_of": N_("Σ {side}"),
    "view.side_legend": N_("{side}: {name}"),
    "view.summary": N_("{side}: contracts taken {taken}, made {made}, failed {failed}; "
                       "coinched {coinched}, coinched against {was_coinched}"),
    "view.game_new": N_("game {id} started: {rules}, {sides}; first dealer {dealer}"),
    "view.game_use": N_("current game: {id}"),
    "view.no_games": N_("no games yet"),
    "view.exported": NP_("wrote {path} ({count} deal)", "wrote {path} ({count} deals)"),
    "game.export_nothing": N_("say where: --csv FILE and/or --xlsx FILE"),
    "play.help": N_("answer each question; at 'taker': p (or passe) = everybody passed, "
                    "u = undo; q = quit at any question (the deal being entered is not saved)"),
    "play.taker": N_("taker ({sides})> "),
    "play.contract": N_("contract: bid {min}..{max} and trump, x/xx if coinché "
                        "(100S, 100 pique, 90Hx, capotTA)> "),
    "play.points": N_("taker's card points 0..{total}, dix de der included> "),
    "play.points_slam": N_("taker's card points 0..{total}, dix de der included "
    "(blank: {contract} made)> "),
    "play.points_needed": N_("give the taker's card points (a blank answer is only for a capot "
    "or a générale made)"),
    "play.others": N_("other players' points, SEAT:N (2:30)> "),
    "play.other": N_("other player's card points (N or SEAT:N)> "),
    "play.belote": N_("belote: side(s) holding it (blank: none)> "),
    "play.announces": N_("announces SIDE:NAME (A:tierce B:cinquante), capot:SIDE (blank: none)> "),
    "play.winner": N_("equal best announces: side whose announces count ({sides})> "),
    "play.dropped": N_("the deal being entered is not saved"),
    "play.bye": NP_("saved: {count} deal in this game", "saved: {count} deals in this game"),
    # --- table columns ---
    "col.number": N_("#"),
    "col.dealer": N_("dealer"),
    "col.contract": N_("contract"),
    "col.taker": N_("taker"),
    "col.result": N_("result"),
    "col.rank": N_("rank"),
    "col.team": N_("team"),
    "col.players": N_("players"),
    "col.played": N_("played"),
    "col.wins": N_("W"),
    "col.draws": N_("D"),
    "col.losses": N_("L"),
    "col.for": N_("for"),
    "col.against": N_("against"),
    "col.difference": N_("diff"),
    "col.match_points": N_("MP"),
    "col.buchholz": N_("buchholz"),
    "col.byes": N_("byes"),
    "col.forfeits": N_("forfeits"),
    "col.penalties": N_("penalties"),
    "col.name": N_("name"),
    "col.target": N_("target"),
    "col.modes": N_("modes"),
    "col.source": N_("source"),
    "col.side": N_("side"),
    "col.card_points": N_("card points"),
    "col.score": N_("score"),
    "col.why": N_("why"),
    # --- command line ---
    "typer.usage": N_("Usage: "),
    "typer.options": N_("Options"),
    "typer.arguments": N_("Arguments"),
    "typer.commands": N_("Commands"),
    "typer.default": N_("[default: {}]"),
    "typer.envvar": N_("[env var: {}]"),
    "typer.required": N_("[required]"),
    "typer.help_option": N_("Show this message and exit."),
    "click.invalid_value": N_("invalid value for {name}: {problem}"),
    "click.not_integer": N_("{value} is not a whole number"),
    "click.not_number": N_("{value} is not a number"),
    "click.out_of_range": N_("{value} is not in the range {range}"),
    "click.not_a_choice": N_("{value} is not one of {choices}"),
    "click.not_boolean": N_("{value} is neither yes nor no"),
    "click.no_such_option": N_("no such option: {name}"),
    "click.no_such_option_suggest": N_("no such option: {name} (did you mean {options}?)"),
    "click.missing_argument": N_("missing argument {name}"),
    "click.missing_option": N_("missing option {name}"),
    "click.needs_value": N_("option {name} needs a value"),
    "click.needs_values": N_("option {name} needs {count} values"),
    "click.no_value": N_("option {name} takes no value"),
    "click.extra_arguments": N_("unexpected extra words on the command line: {args}"),
    "click.no_such_command": N_("no such command: {name}"),
    "cli.bad_language": N_("{got!r} is not a language of coinche (languages: {known})"),
    "cli.lang_value": N_("give a language after it: fr or en"),
    "cli.bad_catalogue": N_("the {language} catalogue cannot be read ({reason}); speaking "
                            "English"),
    "cli.not_utf8": N_("not UTF-8 text (retype it, or check the terminal's encoding)"),
    "cli.rules_ok": N_("ok: {name} ({path})"),
    "cli.deal_source": N_(
        "give the deal as words (TAKER CONTRACT POINTS) or with --deal, not both"),
    "cli.no_deal": N_("give the deal: TAKER CONTRACT [POINTS] or --deal JSON"),
}


def _source(key: str) -> str | tuple[str, str]:
    """The English of message ``key``; the tournaments' messages are read on first use (a
    deal at the table never needs them)."""
    text = MESSAGES.get(key)
    if text is None:
        return all_messages()[key]
    return text


def all_messages() -> dict[str, str | tuple[str, str]]:
    """Every message: :data:`MESSAGES` with the tournaments' merged in."""
    from coinche_cli.messages_tournament import TOURNAMENT_MESSAGES

    MESSAGES.update(TOURNAMENT_MESSAGES)
    return MESSAGES


def raw(key: str) -> str:
    """The message named ``key``, translated, its braces left as they are (a template that
    another library fills in)."""
    text = _source(key)
    assert isinstance(text, str)
    return translations().gettext(text)


def msg(key: str, **values: Any) -> str:
    """Return the sentence named ``key``, translated, with ``values`` filled in; a message
    with a plural form takes the form for ``values["count"]``."""
    text = _source(key)
    if isinstance(text, tuple):
        return translations().ngettext(text[0], text[1], values["count"]).format(**values)
    return translations().gettext(text).format(**values)
