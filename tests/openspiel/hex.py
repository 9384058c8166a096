#!/usr/bin/env python3
"""Cross-checks rulebook's Hex (games/hex.game) against OpenSpiel's (`hex`, open_spiel 2.0.2).

A developer's tool, not part of the test suite (see README.md beside it). It prints, in the
format of tests/perft/*.perft, OpenSpiel's perft counts from the start of boards of several
sizes and from mid-game positions reached by seeded random moves; and, with --games, seeded
random games played to their end, one a line: the board size, the result (`red`, `blue`)
and the moves (the lines of tests/openspiel/hex-games.txt).

    hex.py [--sizes 3,5,7,11] [--leaves N] [--positions K] [--seed S] [--swap]
    hex.py --games N [--sizes 3,5,7,11] [--seed S]

OpenSpiel's action `b1` is column b, row 1 counted from its top line, each row drawn half a
cell right of the one above; rulebook counts ranks from the bottom, each drawn half a cell
right of the one below: the same cells under the same names, the board seen in a mirror, so
a move's text is the same in both. Player 0 (`x`) joins the top and bottom rows: rulebook's
Red, joining south and north. OpenSpiel's swap (`--swap`, parameter `swap=True`) replaces
the first stone by the second player's on the cell mirrored in the long diagonal, the first
player then moving; rulebook's (`set pie=on`) keeps the board and the colour to move and
exchanges the people: the two trees are the same up to that mirror and the colours, so
their counts agree, and their moves after a swap do not share names (not compared here).
Perft counts every action OpenSpiel lists; a finished game has none.
"""

import argparse
import random

import pyspiel

from common import depth_within, print_perft_case


def print_case(size, swap, moves, state, leaves, what):
    settings = ([f"size={size}"] if size != 11 else []) + (["pie=on"] if swap else [])
    print_perft_case(f"# {what}\ngame hex", settings, moves, state,
                     depth_within(state, leaves))


def perft_cases(args):
    rng = random.Random(args.seed)
    for size in args.sizes:
        game = pyspiel.load_game("hex", {"board_size": size, "swap": args.swap})
        state = game.new_initial_state()
        print_case(size, args.swap, [], state, args.leaves,
                   f"{size} x {size} from the start.")
        for _ in range(args.positions):
            state, moves = game.new_initial_state(), []
            plies = rng.randint(1, size * size // 2)
            while len(moves) < plies and not state.is_terminal():
                a = rng.choice(state.legal_actions())
                if state.action_to_string(a) == "swap":
                    continue
                moves.append(state.action_to_string(a))
                state.apply_action(a)
            if state.is_terminal():
                continue
            print_case(size, args.swap, moves, state, args.leaves,
                       f"{size} x {size} after {len(moves)} random plies (seed {args.seed}).")


def random_games(args):
    rng = random.Random(args.seed)
    print(f"# tests/openspiel/hex.py --games {args.games} --sizes "
          f"{','.join(map(str, args.sizes))} --seed {args.seed}")
    print("# size, winner, moves; OpenSpiel's hex without swap")
    for size in args.sizes:
        game = pyspiel.load_game("hex", {"board_size": size})
        for _ in range(args.games):
            state, moves = game.new_initial_state(), []
            while not state.is_terminal():
                a = rng.choice(state.legal_actions())
                moves.append(state.action_to_string(a))
                state.apply_action(a)
            winner = "red" if state.returns()[0] > 0 else "blue"
            print(f"{size} {winner} {' '.join(moves)}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="3,5,7,11")
    ap.add_argument("--leaves", type=int, default=200_000)
    ap.add_argument("--positions", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--swap", action="store_true")
    ap.add_argument("--games", type=int)
    args = ap.parse_args()
    args.sizes = [int(s) for s in args.sizes.split(",")]
    if args.games is not None:
        random_games(args)
    else:
        perft_cases(args)


if __name__ == "__main__":
    main()
