#!/usr/bin/env bash
# A small concours: 10 teams from a spreadsheet, 3 rounds of 4 deals, results from paper
# sheets and one table scored deal by deal, then the standings and the Excel results.
# Run it with a throwaway store:  COINCHE_DB=/tmp/concours.db bash examples/concours.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${OUT:-/tmp}"
coinche tournament new "Concours du jeudi" --rules standard --rounds 3 --deals 4 --seed 7
coinche tournament team import "$here/equipes.csv"
coinche tournament pair
coinche tournament result --import "$here/resultats-ronde1.csv"
coinche tournament pair
coinche game new --table 1                       # table 1 keeps score deal by deal
coinche game add A 80S 100
coinche game add B 90H 95
coinche game add A 100Sx 110
coinche game add B 80D 90                        # the fourth deal ends the match
for table in 2 3 4 5; do coinche tournament result "$table" 600 "$((400 + table * 10))"; done
coinche tournament penalty "$(coinche tournament team list --json | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["team"])')" 162 --reason renonce
coinche tournament standings
coinche tournament export "$out/concours.xlsx"
coinche tournament sheets --round 2 "$out/feuilles.xlsx"
