#!/usr/bin/env python3
"""Cross-checks rulebook's Havannah (games/havannah.game) against OpenSpiel's (`havannah`,
open_spiel 2.0.2).

A developer's tool, not part of the test suite (see README.md beside it). It prints, in the
format of tests/perft/*.perft, OpenSpiel's perft counts from the start of boards of several
sizes and from mid-game positions reached by seeded random moves; and, with --games, seeded
random games played to their end, one a line: the board size, the result (`white`, `black`
or `draw`), what the winner made (`ring`, `bridge`, `fork`, joined by `+` when one move
made several; `-` for a draw) and the moves in rulebook's names (the lines of
tests/openspiel/havannah-games.txt).

    havannah.py [--sizes 2,3,4,8] [--leaves N] [--positions K] [--seed S] [--swap]
    havannah.py --games N [--sizes 4,5,8] [--seed S]

Names. OpenSpiel's cell (x, y) of a board of side N (diameter d = 2N - 1, a cell exactly
when |x - y| < N) is named column letter x and row y + 1, row 1 drawn at the top; its six
neighbours are (x +- 1, y), (x, y +- 1), (x + 1, y + 1) and (x - 1, y - 1). rulebook's
board is a grid d by d `of hexagons` without two corner triangles, whose cells touch along
(file + 1, rank - 1) instead: the same cell is file x, rank d - y (ranks counted from the
bottom), so the two pictures are the same and only the row numbers differ: OpenSpiel's
`a1` is rulebook's `a15` on the side-8 board. `name` below turns one into the other.

What each game's winner made is worked out here, from the board after the last move and
independently of OpenSpiel's union-find and ring search: a bridge is the last stone's
group touching two of the six corners, a fork the group touching three of the six sides
(corners not part of sides), a ring a cell (of anyone or empty) that cannot reach the
board's rim without crossing the mover's other stones. The script also checks, after every
move of every game, that OpenSpiel's game is over exactly when one of these holds for the
mover (it stops with an error otherwise): OpenSpiel's ring (a loop of the mover's stones
found by a search that takes no sharp turn) and this enclosure agree on every position
played.

OpenSpiel's swap (`--swap`, parameter `swap=True`) lets the second player's first move
be the cell of the first stone, which then becomes theirs, the first player moving next;
rulebook's (`set pie=on`, the move `swap`) keeps the board and the colour to move and
exchanges the people: the same trees up to the colours, so their counts agree. Random
positions for perft never play the swap.

Perft counts every action OpenSpiel lists; a finished game has none.
"""

import argparse
import random
import sys

import pyspiel

from common import depth_within, print_perft_case

NEIGHBOURS = [(-1, -1), (0, -1), (1, 0), (1, 1), (0, 1), (-1, 0)]


class Board:
    """A board of side `size` in OpenSpiel's coordinates, with the structures of a side."""

    def __init__(self, size):
        self.size = size
        self.d = 2 * size - 1
        self.cells = [(x, y) for y in range(self.d) for x in range(self.d)
                      if abs(x - y) < size]
        self.on = set(self.cells)
        m, e = size - 1, 2 * size - 2
        self.corners = [(0, 0), (m, 0), (e, m), (e, e), (m, e), (0, m)]
        corner = set(self.corners)
        self.sides = [
            {c for c in self.cells if c[1] == 0},
            {c for c in self.cells if c[0] - c[1] == m},
            {c for c in self.cells if c[0] == e},
            {c for c in self.cells if c[1] == e},
            {c for c in self.cells if c[1] - c[0] == m},
            {c for c in self.cells if c[0] == 0},
        ]
        self.sides = [s - corner for s in self.sides]
        self.rim = {c for c in self.cells if len(self.around(c)) < 6}

    def around(self, c):
        return [(c[0] + dx, c[1] + dy) for dx, dy in NEIGHBOURS
                if (c[0] + dx, c[1] + dy) in self.on]

    def name(self, action):
        x, y = action % self.d, action // self.d
        return f"{chr(ord('a') + x)}{self.d - y}"

    def group(self, stones, start):
        seen, todo = {start}, [start]
        while todo:
            for n in self.around(todo.pop()):
                if n in stones and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    def enclosed(self, stones):
        """Whether some cell cannot reach the rim but through other cells of `stones`."""
        for c in self.cells:
            walls = stones - {c}
            seen, todo, out = {c}, [c], False
            while todo and not out:
                s = todo.pop()
                if s in self.rim:
                    out = True
                for n in self.around(s):
                    if n not in walls and n not in seen:
                        seen.add(n)
                        todo.append(n)
            if not out:
                return True
        return False

    def made(self, stones, last):
        """The structures of the group of `last` in `stones` (ring: any of `stones`)."""
        g = self.group(stones, last)
        kinds = []
        if self.enclosed(stones):
            kinds.append("ring")
        if sum(c in g for c in self.corners) >= 2:
            kinds.append("bridge")
        if sum(any(c in g for c in side) for side in self.sides) >= 3:
            kinds.append("fork")
        return kinds


def print_case(size, swap, moves, state, leaves, what):
    settings = ([f"size={size}"] if size != 8 else []) + (["pie=on"] if swap else [])
    print_perft_case(f"# {what}\ngame havannah", settings, moves, state,
                     depth_within(state, leaves))


def perft_cases(args):
    rng = random.Random(args.seed)
    for size in args.sizes:
        game = pyspiel.load_game("havannah", {"board_size": size, "swap": args.swap})
        board = Board(size)
        state = game.new_initial_state()
        print_case(size, args.swap, [], state, args.leaves, f"Side {size} from the start.")
        for _ in range(args.positions):
            state, moves = game.new_initial_state(), []
            plies = rng.randint(1, len(board.cells) * 2 // 3)
            while len(moves) < plies and not state.is_terminal():
                a = rng.choice(state.legal_actions())
                if len(moves) == 1 and board.name(a) == moves[0]:
                    continue
                moves.append(board.name(a))
                state.apply_action(a)
            if state.is_terminal():
                continue
            print_case(size, args.swap, moves, state, args.leaves,
                       f"Side {size} after {len(moves)} random plies (seed {args.seed}).")


def random_games(args):
    rng = random.Random(args.seed)
    tally = {}
    print(f"# tests/openspiel/havannah.py --games {args.games} --sizes "
          f"{','.join(map(str, args.sizes))} --seed {args.seed}")
    print("# side, result, what the winner made, moves; OpenSpiel's havannah without swap")
    for size in args.sizes:
        game = pyspiel.load_game("havannah", {"board_size": size})
        board = Board(size)
        for _ in range(args.games):
            state, moves = game.new_initial_state(), []
            stones = [set(), set()]
            while not state.is_terminal():
                mover = state.current_player()
                a = rng.choice(state.legal_actions())
                moves.append(board.name(a))
                state.apply_action(a)
                cell = (a % board.d, a // board.d)
                stones[mover].add(cell)
                made = board.made(stones[mover], cell)
                won = state.is_terminal() and state.returns()[mover] > 0
                if bool(made) != won:
                    sys.exit(f"OpenSpiel and the structures disagree after {moves}: {made}")
            if state.returns()[0] == 0:
                result, kinds = "draw", "-"
            else:
                result = "white" if state.returns()[0] > 0 else "black"
                kinds = "+".join(made)
            tally[kinds] = tally.get(kinds, 0) + 1
            print(f"{size} {result} {kinds} {' '.join(moves)}")
    print(f"# {', '.join(f'{k} {v}' for k, v in sorted(tally.items()))}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default=None)
    ap.add_argument("--leaves", type=int, default=200_000)
    ap.add_argument("--positions", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--swap", action="store_true")
    ap.add_argument("--games", type=int)
    args = ap.parse_args()
    default = "4,5,8" if args.games is not None else "2,3,4,8"
    args.sizes = [int(s) for s in (args.sizes or default).split(",")]
    if args.games is not None:
        random_games(args)
    else:
        perft_cases(args)


if __name__ == "__main__":
    main()
