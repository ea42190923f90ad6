// Breaks rule 8: a view includes the shell (the shell is the top floor).
#include "ui/shell/mainwindow.h"
