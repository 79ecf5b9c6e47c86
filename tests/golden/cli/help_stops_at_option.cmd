help solve nim --misere
