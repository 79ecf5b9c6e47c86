verify bacteria --density 3
