validate assignment x.in
