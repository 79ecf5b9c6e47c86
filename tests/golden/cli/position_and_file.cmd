analyze nim position.txt --position '1 2'
