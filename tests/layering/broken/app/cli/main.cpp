// Breaks rule 4: the CLI includes a widget.
#include "../../ui/mainwindow.h"
