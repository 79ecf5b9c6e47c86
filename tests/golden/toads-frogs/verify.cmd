verify toads-frogs --trials 200 --seed 3
