solve
