solve bacteria -
