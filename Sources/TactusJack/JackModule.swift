import CJack
