certify nim --rows 0
