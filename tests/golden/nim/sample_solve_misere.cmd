solve nim --misere
