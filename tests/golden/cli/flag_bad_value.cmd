solve nim --misere=banana -
