#!/usr/bin/env python3
"""Cross-checks rulebook's xiangqi against OpenSpiel's (`xiangqi`, open_spiel 2.0.2).

A developer's tool, not part of the test suite (see README.md beside it). It plays seeded
random games in OpenSpiel, stops each after a random number of plies, writes the position
reached in rulebook's position text, and compares the perft counts of both programs
from there (OpenSpiel's by walking its tree here, rulebook's by `rulebook perft xiangqi
DEPTH --position TEXT`) and the sets of legal moves at the root.

    xiangqi.py [--games N] [--depth D] [--seed S] [--min-plies A] [--max-plies B]
               [--rulebook PATH]

OpenSpiel draws the board with rank 10 on top, one row a line, `.` an empty point, the
letters G A E H R C S (general, advisor, elephant, horse, rook, cannon, soldier) upper
case for Red, where rulebook, as xiangqi FEN, writes K A B N R C P; its action `H(9,1)-(7,2)` is (row, column) from the top
left, so row r is rank 10 - r and column c is file a + c: rulebook's `b1-c3`. Player 0,
Red, moves first. OpenSpiel ends a game after 500 plies; the positions compared here are
reached long before that.
"""

import argparse
import random
import sys

import pyspiel

import common


# OpenSpiel's letters G A E H R C S, and rulebook's (those of xiangqi FEN, XQ-1).
LETTERS = {o: r for o, r in zip("GEHSgehs", "KBNPkbnp")}


def site(row, col):
    return f"{chr(ord('a') + col)}{10 - row}"


def move_text(action_string):
    """`H(9,1)-(7,2)` -> `b1-c3`."""
    left, right = action_string[1:].split("-")
    r1, c1 = map(int, left.strip("()").split(","))
    r2, c2 = map(int, right.strip("()").split(","))
    return f"{site(r1, c1)}-{site(r2, c2)}"


def position_text(state):
    """The position in rulebook's text: ranks from the top, runs of empty points as numbers."""
    rows = []
    for line in str(state).strip().splitlines():
        out, run = "", 0
        for ch in line.strip():
            if ch == ".":
                run += 1
                continue
            if run:
                out += str(run)
                run = 0
            out += LETTERS.get(ch, ch)
        if run:
            out += str(run)
        rows.append(out)
    assert len(rows) == 10, rows
    mover = "red" if state.current_player() == 0 else "black"
    return "/".join(rows) + " " + mover


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    common.add_random_arguments(ap, depth=3, min_plies=10, max_plies=80)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    game = pyspiel.load_game("xiangqi")
    bad = 0
    for g in range(a.games):
        state = game.new_initial_state()
        plies = common.random_walk(state, rng, a)
        text = position_text(state)
        spiel_moves = []
        if not state.is_terminal():
            spiel_moves = sorted(move_text(state.action_to_string(x)) for x in state.legal_actions())
        ours = sorted(common.rulebook_moves(a.rulebook, "xiangqi", text))
        spiel = [common.perft(state, d) for d in range(1, a.depth + 1)]
        mine = common.rulebook_perft(a.rulebook, "xiangqi", a.depth, text)
        label = f"game {g}: {plies} plies: {text}"
        bad += not common.compare(label, spiel, mine, spiel_moves, ours)
    return common.summary(a.games, bad)


if __name__ == "__main__":
    sys.exit(main())
