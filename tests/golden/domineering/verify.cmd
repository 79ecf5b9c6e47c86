verify domineering --trials 200 --seed 3
