#!/usr/bin/env python3
"""Cross-checks rulebook's Dots and Boxes (games/dots-and-boxes.game) against OpenSpiel's
(`dots_and_boxes`, open_spiel 2.0.2).

A developer's tool, not part of the test suite (see README.md beside it). It prints, in the
format of tests/perft/*.perft, OpenSpiel's perft counts from the start of boards of several
sizes and from mid-game positions reached by seeded random moves; and, with --games,
seeded random games played to their end (tests/openspiel/dots-and-boxes-games.txt): for
every ply the player to move, the legal moves OpenSpiel lists, then the move played, and at
the end each player's boxes and the result.

    dots-and-boxes.py [--sizes 2x2,3x3] [--depths 6,4] [--positions K] [--seed S]
    dots-and-boxes.py --games N [--sizes 2x2,3x3] [--seed S]

A size is ROWSxCOLUMNS of boxes: OpenSpiel's parameters `num_rows` and `num_cols`,
rulebook's `rows` and `columns`. OpenSpiel numbers its actions horizontal lines first,
`P1(h,ROW,COL)` with ROW 0..rows from the top line and COL 0..columns-1 from the west,
then vertical lines, `(v,ROW,COL)` with ROW 0..rows-1 from the top and COL 0..columns. A
line is named by rulebook by a box it borders and the box's side (docs/language/moves.md,
`move place KIND on sides`): the south side of the box below a horizontal line (`a1s`,
ranks counted from the bottom: rank = rows - ROW + 1), `n` of the top rank's box on the top
line; the west side of the box east of a vertical line (`b1w`), `e` of the last column's
box on the east border. OpenSpiel's first player (`0`) is rulebook's `first`.
"""

import argparse
import random

import pyspiel

from common import perft_counts

FILES = "abcdefghijklmnopqrstuvwxyz"
PLAYERS = ["first", "second"]


def load(rows, cols):
    return pyspiel.load_game("dots_and_boxes", {"num_rows": rows, "num_cols": cols})


def line_text(rows, cols, action):
    """rulebook's name of OpenSpiel's line `action` on a board of rows x cols boxes."""
    horizontal = (rows + 1) * cols
    if action < horizontal:
        row, col = divmod(action, cols)
        if row == 0:
            return f"{FILES[col]}{rows}n"
        return f"{FILES[col]}{rows - row + 1}s"
    row, col = divmod(action - horizontal, cols + 1)
    rank = rows - row
    if col == cols:
        return f"{FILES[cols - 1]}{rank}e"
    return f"{FILES[col]}{rank}w"


def settings(rows, cols):
    return ([f"rows={rows}"] if rows != 2 else []) + ([f"columns={cols}"] if cols != 2 else [])


def boxes(state, rows, cols):
    """Each player's boxes, read from OpenSpiel's observation tensor: shape [3, dots, 3],
    per cell state (empty, player 1, player 2) and per dot (the box south-east of it on
    OpenSpiel's board) whether its horizontal line, its vertical line and its box hold
    that state."""
    obs = state.observation_tensor(0)
    dots = (rows + 1) * (cols + 1)
    return [int(sum(obs[(player * dots + dot) * 3 + 2] for dot in range(dots)))
            for player in (1, 2)]


def perft_cases(args):
    rng = random.Random(args.seed)
    for (rows, cols), depth in zip(args.sizes, args.depths):
        game = load(rows, cols)

        def case(what, moves, state):
            print(f"# {what}\ngame dots-and-boxes")
            for s in settings(rows, cols):
                print(f"set {s}")
            print("moves " + " ".join(moves) if moves else "moves")
            for d, n in enumerate(perft_counts(state, depth), 1):
                print(f"{d} {n}")
            print()

        case(f"{rows} x {cols} boxes from the start.", [], game.new_initial_state())
        lines = (rows + 1) * cols + rows * (cols + 1)
        for _ in range(args.positions):
            plies = rng.randint(lines // 2, lines - 2)
            state, moves = game.new_initial_state(), []
            while not state.is_terminal() and len(moves) < plies:
                a = rng.choice(state.legal_actions())
                moves.append(line_text(rows, cols, a))
                state.apply_action(a)
            case(f"{rows} x {cols} boxes after {len(moves)} random plies (seed {args.seed}).",
                 moves, state)


def result(state):
    returns = state.returns()
    if returns[0] > 0:
        return "first"
    if returns[1] > 0:
        return "second"
    return "draw"


def random_games(args):
    rng = random.Random(args.seed)
    print(f"# tests/openspiel/dots-and-boxes.py --games {args.games} --sizes "
          f"{','.join(f'{r}x{c}' for r, c in args.sizes)} --seed {args.seed}")
    print("# `game ROWS COLUMNS`, then a line a ply: the player to move, OpenSpiel's legal")
    print("# moves in rulebook's text, sorted, `:` and the move played; `end RESULT`")
    print("# (first, second, draw) and each player's boxes.")
    for rows, cols in args.sizes:
        game = load(rows, cols)
        for _ in range(args.games):
            state = game.new_initial_state()
            print(f"game {rows} {cols}")
            while not state.is_terminal():
                player = state.current_player()
                actions = state.legal_actions()
                legal = sorted(line_text(rows, cols, a) for a in actions)
                a = rng.choice(actions)
                print(f"{PLAYERS[player]} " + " ".join(legal) + " : "
                      + line_text(rows, cols, a))
                state.apply_action(a)
            first, second = boxes(state, rows, cols)
            print(f"end {result(state)} {first} {second}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="2x2,3x3")
    ap.add_argument("--depths", default="6,4")
    ap.add_argument("--positions", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int)
    args = ap.parse_args()
    args.sizes = [tuple(int(n) for n in s.split("x")) for s in args.sizes.split(",")]
    args.depths = [int(s) for s in args.depths.split(",")]
    if args.games is not None:
        random_games(args)
    else:
        perft_cases(args)


if __name__ == "__main__":
    main()
