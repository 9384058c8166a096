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
import json
import random
import subprocess
import sys

import pyspiel


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


def perft(state, depth):
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    return sum(perft(state.child(a), depth - 1) for a in state.legal_actions())


def rulebook(binary, args):
    done = subprocess.run([binary, *args], capture_output=True, text=True, check=True)
    return done.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--seed", type=int, default=45)
    ap.add_argument("--min-plies", type=int, default=10)
    ap.add_argument("--max-plies", type=int, default=80)
    ap.add_argument("--rulebook", default="target/release/rulebook")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    game = pyspiel.load_game("xiangqi")
    bad = 0
    for g in range(a.games):
        state = game.new_initial_state()
        plies = rng.randint(a.min_plies, a.max_plies)
        for _ in range(plies):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        text = position_text(state)
        spiel_moves = []
        if not state.is_terminal():
            spiel_moves = sorted(move_text(state.action_to_string(x)) for x in state.legal_actions())
        listed = rulebook(a.rulebook, ["position", "xiangqi", "--position", text, "--json"])
        ours = sorted(json.loads(listed)["moves"])
        spiel = [perft(state, d) for d in range(1, a.depth + 1)]
        out = rulebook(a.rulebook, ["perft", "xiangqi", str(a.depth), "--position", text])
        mine = [int(line.split()[1]) for line in out.splitlines() if line[:1].isdigit()]
        same = spiel == mine and spiel_moves == ours
        bad += not same
        print(f"{'ok ' if same else 'DIFF'} game {g}: {len(state.history())} plies: {text}")
        print(f"     openspiel {spiel}  rulebook {mine}")
        if spiel_moves != ours:
            print(f"     only openspiel: {sorted(set(spiel_moves) - set(ours))}")
            print(f"     only rulebook:  {sorted(set(ours) - set(spiel_moves))}")
    print(f"{a.games - bad} of {a.games} positions agree")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
