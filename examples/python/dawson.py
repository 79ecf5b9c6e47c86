"""Dawson's Kayles in Python, as the octal game 0.137 (the built-in
`perfectplay analyze octal --code 0.137` plays the same rules in C++).

An octal code 0.d1 d2 d3 ...: digit k says how k pins may be taken from a
row: bit 1 the whole row, bit 2 leaving one row, bit 4 leaving two rows. A
position is a sorted tuple of row lengths, and its rows are its components
(the Sprague-Grundy theorem: the value is the nim-sum of the rows' values).

    python3 examples/python/dawson.py
"""
import perfectplay


class Octal(perfectplay.Rules):
    impartial = True

    def __init__(self, code="0.137"):
        self.code = code
        self.digits = [int(d) for d in code.split(".")[1]]
        self.name = f"octal {code}"

    def start(self):
        return (20,)

    def moves(self, p):
        for i, n in enumerate(p):
            if i > 0 and p[i - 1] == n:
                continue  # the same moves as on the equal row before
            for k, d in enumerate(self.digits, start=1):
                if d & 1 and n == k:
                    yield (i, k, 0)  # the whole row
                if d & 2 and n > k:
                    yield (i, k, n - k)  # one row left
                if d & 4:
                    for a in range(1, (n - k) // 2 + 1):
                        yield (i, k, a)  # rows a and n - k - a (both >= 1)

    def play(self, p, m):
        i, k, a = m
        n = p[i]
        rest = p[:i] + p[i + 1:] + (a, n - k - a)
        return tuple(sorted(r for r in rest if r > 0))

    def components(self, p):
        return [(n,) for n in p]

    def format(self, p):
        return " ".join(map(str, p))


def row(n):
    return (n,) if n else ()


if __name__ == "__main__":
    t = perfectplay.table(Octal("0.137"), row, range(180), max_take=3, splits=True)
    print(t)
