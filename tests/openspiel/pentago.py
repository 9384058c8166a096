#!/usr/bin/env python3
"""Cross-checks rulebook's Pentago (games/pentago.game) against OpenSpiel's (`pentago`,
open_spiel 2.0.2).

A developer's tool, not part of the test suite (see README.md beside it). It prints, in the
format of tests/perft/*.perft, OpenSpiel's perft counts from the start and from positions
reached by seeded random moves late enough in a game for wins to occur in the tree; and,
with --games, seeded random games played to their end, one a line: the result (`white`,
`black`, `draw`) and the moves in rulebook's notation (tests/openspiel/pentago-games.txt).

    pentago.py [--leaves N] [--positions K] [--seed S]
    pentago.py --games N [--seed S]

OpenSpiel's action `a1s` places a marble on column a, row 1 counted from its top line, then
turns a quarter: `s`/`t` the top-left one, `u`/`v` the top-right, `w`/`x` the bottom-right,
`y`/`z` the bottom-left, the first letter of each pair anticlockwise, the second clockwise
(checked by playing each in pyspiel). rulebook counts ranks from the bottom, the same
board drawn the same way up: OpenSpiel's row r is rulebook's rank 7 - r, and its quarters
in that order are rulebook's regions 1 to 4 (`a6/1ccw` is `a1s`). Player 0 (`O`) is
rulebook's White. Perft counts every action OpenSpiel lists; a finished game has none.
"""

import argparse
import random

import pyspiel

from common import depth_within, print_perft_case

QUARTERS = "stuvwxyz"


def rulebook_move(action):
    """OpenSpiel's action string as rulebook's move text."""
    column, row, turn = action[0], int(action[1]), QUARTERS.index(action[2])
    way = "ccw" if turn % 2 == 0 else "cw"
    return f"{column}{7 - row}/{turn // 2 + 1}{way}"


def print_case(moves, state, leaves, what):
    print_perft_case(f"# {what}\ngame pentago", [], moves, state,
                     depth_within(state, leaves, per_site=8))


def perft_cases(args):
    rng = random.Random(args.seed)
    game = pyspiel.load_game("pentago")
    print_case([], game.new_initial_state(), args.leaves, "From the start.")
    printed = 0
    while printed < args.positions:
        state, moves = game.new_initial_state(), []
        plies = rng.randint(14, 33)
        while len(moves) < plies and not state.is_terminal():
            a = rng.choice(state.legal_actions())
            moves.append(rulebook_move(state.action_to_string(a)))
            state.apply_action(a)
        if state.is_terminal():
            continue
        print_case(moves, state, args.leaves,
                   f"After {len(moves)} random plies (seed {args.seed}).")
        printed += 1


def result(state):
    returns = state.returns()
    if returns[0] > 0:
        return "white"
    if returns[1] > 0:
        return "black"
    return "draw"


def random_games(args):
    rng = random.Random(args.seed)
    game = pyspiel.load_game("pentago")
    print(f"# tests/openspiel/pentago.py --games {args.games} --seed {args.seed}")
    print("# result, moves (rulebook's notation); OpenSpiel's pentago")
    for _ in range(args.games):
        state, moves = game.new_initial_state(), []
        while not state.is_terminal():
            a = rng.choice(state.legal_actions())
            moves.append(rulebook_move(state.action_to_string(a)))
            state.apply_action(a)
        print(f"{result(state)} {' '.join(moves)}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--leaves", type=int, default=300_000)
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int)
    args = ap.parse_args()
    if args.games is not None:
        random_games(args)
    else:
        perft_cases(args)


if __name__ == "__main__":
    main()
