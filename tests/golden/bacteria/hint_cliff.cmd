hint bacteria -
