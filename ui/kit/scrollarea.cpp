#include "ui/kit/scrollarea.h"

#include <QScrollArea>
#include <QVBoxLayout>

namespace llmsizer::ui {

QScrollArea* verticalScrollArea(QWidget* content, QWidget* parent)
{
    auto* scroll = new QScrollArea(parent);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    return scroll;
}

QScrollArea* scrollWholeView(QWidget* view, QWidget* content)
{
    QScrollArea* scroll = verticalScrollArea(content, view);
    auto* outer = new QVBoxLayout(view);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
    return scroll;
}

} // namespace llmsizer::ui
