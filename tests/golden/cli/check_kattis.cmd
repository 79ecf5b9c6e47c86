check gridgame ../../../examples/gridgame/sample1.in ../../../examples/gridgame/sample1.out --convention kattis
