verify hackenbush --trials 200 --seed 3
