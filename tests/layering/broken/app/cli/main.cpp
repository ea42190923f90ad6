// Breaks rule 4: the CLI includes a widget.
#include "../../ui/shell/mainwindow.h"
