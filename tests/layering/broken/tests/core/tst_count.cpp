// Breaks rule 7: a test of the core includes the presentation layer.
#include "llmsizer/present/table.h"
