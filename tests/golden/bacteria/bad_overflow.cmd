solve bacteria
