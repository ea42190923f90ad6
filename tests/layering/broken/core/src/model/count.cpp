// Breaks rule 1: the core includes the presentation layer.
#include "llmsizer/present/table.h"
