verify clobber --trials 200 --seed 3
