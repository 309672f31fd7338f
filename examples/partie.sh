#!/usr/bin/env bash
# A game of coinche at the café, deal by deal (standard rules, played to 1500).
# Run it with a throwaway store:  COINCHE_DB=/tmp/partie.db bash examples/partie.sh
set -euo pipefail
coinche game new --rules standard --team "Les As" --team "Les Rois" --dealer A --target 1500
coinche game add "Les As" 100S 104 --belote A --announce A:cinquante   # the seed's example: 274 / 58
coinche game add rois 90Hx 70                                          # coinché and failed: 504 to Les As
coinche game pass                                                      # everybody passed
coinche game add B 120TA 130 --belote B --belote B                     # tout-atout, two belotes
coinche game edit 4 B 120TA 140 --belote B --belote B                  # a correction
coinche game add A capotC                                              # a capot made: 162 + 250
coinche game show
