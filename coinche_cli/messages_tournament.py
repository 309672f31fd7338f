"""The sentences of tournaments (registering, pairing, results, standings, their files) and of
moving an event between stores (``store copy``).

A part of the catalogue of :mod:`coinche_cli.messages` (which merges it), kept apart so
that neither module is a wall of text; the same rules hold (English source, ``N_`` marks,
named placeholders, whole sentences).
"""

from coinche_cli.i18n import N_, NP_

TOURNAMENT_MESSAGES: dict[str, str | tuple[str, str]] = {
    # --- tournaments ---
    "tournament.bad_rounds": N_("the number of rounds must be at least 1, got {got}"),
    "tournament.format": N_("give the match format: --deals M (fixed deals) or --target T"),
    "tournament.bad_format_number": N_("the match format must be a positive number, got {got}"),
    "tournament.bad_bye_points": N_("bye points are a number, half or average; got {got!r}"),
    "tournament.bad_tie_break": N_("unknown tie-break {got!r} (tie-breaks: {known})"),
    "tournament.bad_match_points": N_("match points are four numbers WIN,DRAW,LOSS,FORFEIT; "
    "got {got!r}"),
    "tournament.empty_name": N_("a tournament needs a name"),
    "tournament.exists": N_("a tournament called {name!r} already exists"),
    "tournament.no_current": N_("no current tournament: create one with 'coinche tournament new' "
    "or pass --tournament NAME"),
    "tournament.unknown": N_("no tournament called {name!r}"),
    "tournament.no_round": N_("round {round} has not been paired"),
    "tournament.empty_team": N_("a team needs a name"),
    "tournament.team_exists": N_("a team called {name!r} is already registered"),
    "tournament.too_many_teams": N_("a tournament holds at most {most} teams ({count} are "
    "registered)"),
    "tournament.too_many_players": N_("a team has two players, got {got}"),
    "tournament.already_dropped": N_("{name} has already left the tournament"),
    "tournament.not_dropped": N_("{name} has not left the tournament"),
    "tournament.bad_same_club": N_("--same-club is {known}, not {got!r}"),
    "tournament.over": N_("every round has been paired: no more entries"),
    "tournament.all_paired": N_("all {rounds} rounds have been paired"),
    "tournament.round_incomplete": N_("round {round} is not finished: tables {tables} have no "
    "result"),
    "tournament.too_few_teams": NP_("{count} team to pair: at least 2 are needed",
                                    "{count} teams to pair: at least 2 are needed"),
    "tournament.nothing_paired": N_("no round has been paired yet"),
    "tournament.round_has_results": N_("round {round} already has results; it cannot be withdrawn"),
    "tournament.round_closed": N_("round {round} is closed: a later round has been paired "
    "(correct a result with --replace)"),
    "tournament.closed_needs_result": N_("round {round} is closed: table {table} must keep a "
    "result (edit the deal instead of undoing the game's end)"),
    "tournament.table_has_result": N_("table {table} already has a result ({result}); give "
    "--replace to correct it"),
    "tournament.stored_result": N_("{team1} – {team2}: {result}"),
    "tournament.score_too_high": N_("{got} is more than a match of this tournament can score "
    "(at most {limit})"),
    "tournament.score_unusual": N_("table {table}: {score} is more than twice the round's "
    "highest other score ({highest}); check it"),
    "tournament.later_rounds_paired": N_("round {round} corrected: rounds {first} to {last} were "
    "paired on the standings before this correction"),
    "tournament.not_in_round": N_("{name} does not play in round {round}"),
    "tournament.not_this_table": N_("table {table} is {team1} – {team2}, not {given}"),
    "tournament.result_for_bye": N_("table {table} is the bye ({team}): a bye has no result"),
    "tournament.unknown_table": N_("round {round} has no table {table} (tables 1..{count})"),
    "tournament.scored_by_game": N_("table {table} is scored deal by deal in game {game} "
    "(correct it with 'coinche game edit --game {game}')"),
    "tournament.not_at_table": N_("{name} does not play at table {table}"),
    "tournament.two_scores": N_("give both scores (or --forfeit TEAM)"),
    "tournament.negative_score": N_("a score cannot be negative, got {got}"),
    "tournament.too_many_deals": N_("{deals} deals, but a match is {limit} deals"),
    "tournament.import_row": N_("row {row}: {problem}"),
    "tournament.import_refused": NP_("{count} bad row; nothing imported",
                                      "{count} bad rows; nothing imported"),
    "tournament.bad_penalty": N_("a penalty is a positive number of points, got {got}"),
    "tournament.penalty_reason": N_("say why: --reason TEXT"),
    "tournament.no_opponent": N_("{name} has no opponent in round {round}: use --deduct"),
    "tournament.table_has_game": N_("table {table} already has game {game}"),
    "tournament.table_label": N_("{name}, round {round}, table {table}"),
    "tournament.table_done": N_("table {table} already has a result"),
    "tournament.export_where": N_("say where: FILE.xlsx and/or --csv DIR"),
    "tournament.export_suffix": N_("{path} is not an .xlsx file (for CSV files: --csv DIR)"),
    # --- tournament views ---
    "tview.created": N_("tournament {name!r} created: {rules}, {rounds} rounds of {format}"),
    "tview.format_deals": NP_("{count} deal", "{count} deals"),
    "tview.format_target": N_("a game to {target}"),
    "tview.current": N_("current tournament: {name}"),
    "tview.team_added": N_("registered {name} (plays from round {round})"),
    "tview.imported": NP_("registered {count} team from {path}",
                           "registered {count} teams from {path}"),
    "tview.team_dropped": N_("{name} leaves: not paired from round {round} on"),
    "tview.team_returned": N_("{name} is back: paired again from round {round}"),
    "tview.replaced": N_("table {table}: {before} → {after}"),
    "tview.penalty_line_to": N_("penalty, round {round}: {team} -{points} ({reason}), given to "
    "{to}"),
    "tview.penalty_line_deducted": N_("penalty, round {round}: {team} -{points} ({reason}), "
    "deducted"),
    "tview.scores": N_("{score1}–{score2}"),
    "tview.dropped": N_("left after round {round}"),
    "tview.table_code": N_("  table {table}: code {code}"),
    "tview.round": NP_("round {round}: {count} table", "round {round}: {count} tables"),
    "tview.forfeit": N_("forfeit by {team}"),
    "tview.in_game": N_("scored deal by deal in game {game}"),
    "tview.no_result": N_("…"),
    "tview.bye": N_("bye: {team} ({points} points)"),
    "tview.rematches": NP_("{count} rematch: no pairing without one was possible",
                            "{count} rematches: no pairing without one was possible"),
    "tview.unpaired": N_("round {round} withdrawn"),
    "tview.penalised": N_("{team}: -{points} points in round {round}"),
    "tview.penalty_to_opponents": N_("{team}: {points} points to its opponents in round {round}"),
    "tview.standings_title": N_("{name}: standings after round {round}"),
    "tview.dropped_mark": N_("dropped"),
    "tview.exported": N_("wrote {path}"),
    "tview.sheets": NP_("wrote {path}: {count} score sheet for round {round}",
                         "wrote {path}: {count} score sheets for round {round}"),
    "tview.table_game": N_("game {id} keeps the score of table {table}: {teams}"),
    # --- tournament files ---
    "tfile.bad_rows": NP_("{count} bad row in {file}; nothing imported",
                           "{count} bad rows in {file}; nothing imported"),
    "tfile.row": N_("{file}: row {row}: {problems}"),
    "tfile.problem": N_("{field}: {problem}"),
    "tfile.missing": N_("missing"),
    "tfile.duplicate_team": N_("{name!r} repeats {earlier!r} from row {first}"),
    "tfile.too_many_players": N_("{count} players ({names}); a team has at most 2"),
    "tfile.no_header": N_("{value!r} is in a column without a header"),
    "tfile.not_whole": N_("{got!r} is not a whole number"),
    "tfile.too_small": N_("must be {min} or more, got {got}"),
    "tfile.table_twice": N_("table {table} is already on row {first}"),
    "tfile.no_column": N_("{file}: no {fields} column (expected a header such as {expected}; "
    "found: {found}); nothing imported"),
    "tfile.columns_twice": N_("{file}: columns {first!r} and {second!r} both give the {field}; "
    "keep one; nothing imported"),
    "tfile.empty": N_("{file}: the file is empty; nothing imported"),
    "tfile.not_found": N_("{file}: no such file"),
    "tfile.unreadable": N_("{file}: cannot read it ({reason}); nothing imported"),
    "tfile.bad_quote": N_("line {line}: a quote is not closed, or text follows a closing quote"),
    "tfile.not_text": N_("{file}: not a CSV file in UTF-8, UTF-16 or Windows-1252; "
    "nothing imported"),
    "tfile.old_excel": N_("{file}: old .xls workbooks cannot be read; save it as .xlsx, .ods or "
    ".csv"),
    "tfile.nothing_found": N_("nothing"),
    "tfile.implausible": N_("{got!r} is more than any table number or score ({most:,} at most)"),
    "tfile.long_cell": N_("line {line}: a cell holds more than {most:,} characters"),
    "tfile.long_line": N_("line {line} is longer than {most:,} characters"),
    "tfile.too_large": N_("{file}: larger than {most}, more than any file of teams or results; "
    "nothing imported"),
    "tfile.not_workbook": N_("{file}: not an .xlsx or .ods workbook; save it as .xlsx, .ods or "
    ".csv; nothing imported"),
    "tfile.parts": N_("{file}: the workbook holds more than {most:,} parts, more than any "
    "spreadsheet; nothing imported"),
    "tfile.unpacks": N_("{file}: the workbook unpacks to more than {most} (repeated cells "
    "counted), more than any file of teams or results; nothing imported"),
    "tfile.names": N_("{file}: the workbook has more than {most:,} sheets, named ranges and links; "
    "nothing imported"),
    "tfile.cells": N_("{file}: the workbook's sheets hold more than {most:,} cells (repeated cells "
    "counted); nothing imported"),
    "tfile.too_many_rows": N_("{file}: more than {most:,} rows of teams or results (row {row:,} is "
    "one too many); an import holds at most {most:,}: split the file; nothing imported"),
    "tfile.too_wide": N_("{file}: cell {cell} holds something, but an import reads no further than "
    "column {last} ({most} columns); delete it, or copy the table to a new sheet; "
    "nothing imported"),
    "tfile.field.team": N_("team"),
    "tfile.field.players": N_("players"),
    "tfile.field.club": N_("club"),
    "tfile.field.column": N_("column {letter}"),
    "tfile.field.table": N_("table"),
    "tfile.field.score1": N_("score 1"),
    "tfile.field.score2": N_("score 2"),
    "tfile.field.name1": N_("team 1 name"),
    "tfile.field.name2": N_("team 2 name"),
    "tfile.bad_separator": N_("{got!r} cannot separate CSV cells: give one character such as "
    "';' or ','"),
    "tfile.write_failed": N_("cannot write {path}: {reason}"),
    "tfile.no_tables": N_("round {round} has no tables; no score sheets written"),
    "tfile.sheet.code": N_("code {code}"),
    "tfile.sheet.round_table": N_("Round {round} · Table {table}"),
    "tfile.sheet.deals": NP_("{count} deal", "{count} deals"),
    "tfile.sheet.target": N_("to {target} points"),
    "tfile.sheet.team": N_("Team {number}"),
    "tfile.sheet.deal": N_("deal"),
    "tfile.sheet.dealer": N_("dealer"),
    "tfile.sheet.taker": N_("taker"),
    "tfile.sheet.contract": N_("contract"),
    "tfile.sheet.points": N_("points team {number}"),
    "tfile.sheet.total": N_("total team {number}"),
    "tfile.sheet.totals": N_("Totals"),
    "tfile.sheet.signatures": N_("Signatures"),
    "tfile.sheet.signature_team": N_("Team {number}: {team}"),
    "tfile.sheet.passed": N_("a deal everybody passed does not count: go on to the next line"),
    "tfile.title.standings": N_("Standings"),
    "tfile.title.teams": N_("Teams"),
    "tfile.title.round": N_("Round {round}"),
    "tfile.title.penalties": N_("Penalties"),
    "tfile.title.deals": N_("Deals"),
    "tfile.title.summary": N_("Summary"),
    "tfile.title.table": N_("Table {table}"),
    "export.points_of": N_("points {name}"),
    "export.score_of": N_("score {name}"),
    "export.total_of": N_("total {name}"),
    "tview.active": N_("active"),
    "tview.scored_deals": N_("deals"),
    "tview.scored_direct": N_("direct"),
    # TRANSLATORS: the character that separates the cells of a CSV file in the spreadsheets
    # of your language: "," in English, ";" in French (whose decimal separator is ",")
    "csv.separator": N_(","),
    "tfile.yes": N_("yes"),
    "tfile.no": N_("no"),
    "tfile.footer": N_("{sheet} · page {page} of {pages}"),
    # --- moving an event between stores (store copy) ---
    "copy.no_source": N_("{path} does not exist: name the store to copy from"),
    "copy.same": N_("{path} is the source itself: copy into another store"),
    "copy.no_name": N_("give a file or a postgresql:// URL"),
    "copy.columns_differ": N_("the table {table} has other columns in {source} than in "
                              "{destination}: one of them is damaged; nothing was copied"),
    "copy.dangling": N_("{path} is damaged: {table}.{column} names {other} {id}, which it "
                        "does not hold; nothing was copied"),
    "copy.empty": N_("{path} holds no game and no tournament: there is nothing to copy"),
    "copy.not_empty": N_("{path} already holds games ({games}) and tournaments "
                         "({tournaments}); give --merge to add to them, or copy into an empty "
                         "store"),
    "copy.name_taken": N_("{path} already has a tournament called {name!r}: merging would "
                          "make two; copy into another store"),
    "copy.count_differs": N_("the copy put {got} rows in {table} of {path} for {want}: "
                             "nothing was copied"),
    "copy.differs": N_("the copy's {view} is not the original's: nothing was copied"),
    "copy.done": N_("copied {source} into {destination}"),
    "copy.games": N_("  games: {games} (deals, with those undone or replaced: {deals})"),
    "copy.tournaments": N_("  tournaments: {tournaments} (teams: {teams}, rounds: {rounds}, "
                           "tables: {tables}, corrected results: {corrections}, penalties: "
                           "{penalties})"),
    "copy.renumbered": N_("  game {old} is game {new} there"),
    "copy.verified": NP_("verified: every row is there, and the {count} --json view is the "
                         "original's (sha256 {checksum}…)",
                         "verified: every row is there, and the {count} --json views are the "
                         "original's (sha256 {checksum}…)"),
    # --- the live page (tournament serve) ---
    "web.round": N_("Round {round}"),
    "web.nothing_paired": N_("No round is paired yet"),
    "web.time_left": N_("Time left:"),
    "web.qr_alt": N_("QR code of the players' page"),
    "web.tables": N_("Tables"),
    "web.col_table": N_("Table"),
    "web.col_teams": N_("Teams"),
    "web.col_result": N_("Result"),
    "web.forfeit": N_("forfeit by {team}"),
    "web.bye": N_("Bye: {team}"),
    "web.standings": N_("Standings"),
    "web.standings_after": N_("Standings after round {round}"),
    "web.col_rank": N_("Rank"),
    "web.col_team": N_("Team"),
    "web.col_wins": N_("Wins"),
    "web.col_points": N_("Points"),
    "web.col_difference": N_("Difference"),
    "web.me_title": N_("My table"),
    "web.your_team": N_("Your team"),
    "web.find": N_("Find my table"),
    "web.no_team": N_("No team is called {typed!r}, or several are: type more of its name"),
    "web.table_n": N_("Table {table}"),
    "web.against": N_("against {team}"),
    "web.you_bye": N_("Your team is exempt this round (a bye)."),
    "web.not_seated": N_("Your team has no table this round."),
    "web.your_results": N_("Your results"),
    "web.result_bye": N_("Round {round}: bye"),
    "web.result_line": N_("Round {round}: {score}–{against} against {opponent}"),
    "web.outcome_won": N_("won"),
    "web.outcome_lost": N_("lost"),
    "web.outcome_draw": N_("draw"),
    "web.all_tables": N_("Every team's table"),
    "web.bye_short": N_("bye"),
    "web.back": N_("Back to my table"),
    "web.already_entered": N_("This table's result is entered. A correction is the director's."),
    "web.code": N_("The table's code (on your score sheet)"),
    "web.score_of": N_("Score of {team}"),
    "web.send": N_("Send the result"),
    "web.no_such_table": N_("There is no table {table} in this round."),
    "web.form_used": N_("This form was already sent, or has expired: open the table's page again."),
    "web.too_many_codes": N_("Too many wrong codes for this table: wait a minute, or ask the "
                             "director."),
    "web.wrong_code": N_("This is not the table's code: it is on your score sheet."),
    "web.bad_scores": N_("The scores are two whole numbers."),
    "web.saved": N_("Table {table}: {score1}–{score2}, saved. Thank you!"),
    "serve.listening": N_("the live page of {name}: {url} (Ctrl-C stops it)"),
    "serve.phones": N_("the players' page (the QR code below): {url}"),
    "serve.entry_on": N_("entry at the tables is on: each table's code is on its score sheet "
                         "(tournament sheets) and in tournament show --codes"),
    "serve.entry_off": N_("entry at the tables is off (--entry opens it)"),
    "serve.no_web": N_("the live page needs its web libraries, which cannot be loaded ({reason}): "
                       "install coinche again"),
    "serve.port_busy": N_("cannot listen on {host}:{port} ({reason}): choose another --port"),
    "serve.read_failed": N_("live page: the store cannot be read ({reason}); the pages show "
                            "the last reading"),
    "serve.read_again": N_("live page: the store is read again"),
    "serve.read_late": N_("no reading within {seconds} s"),
    "web.no_cookie": N_("This browser did not send the form's cookie back: allow cookies for this "
                        "page, then open the table's page again."),
    "web.pairing_changed": N_("The round was paired again since this page was opened: open the "
                              "table's page again."),
    "web.busy": N_("The results could not be saved just now (the store is busy): send them again "
                   "in a moment."),
}
