solve domineering
