solve assignment
