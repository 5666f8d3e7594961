"""Pictures of boards, cards and states: Rich renderables (`terminal`) and SVG (`svg`),
both painted from one layout of the board (`layout`).

Rendering only reads the models; nothing here prints or writes files. The package
imports nothing itself: a ruling's words (`rulings`) need no board picture.
"""
