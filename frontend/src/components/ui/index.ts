// The plain components: what the first page (shell, Home, events) and the signed-in screens are built from, without MUI. Their
// stylesheet, ui.css, is imported by main.tsx: a barrel's own imports are dropped when the bundler
// follows its re-exports to the modules behind them (the package has no side effects, CSS aside).

export { Button, ButtonAnchor, ButtonLink, IconAnchor, IconButton, type ButtonLook } from './Button.js';
export { Check, CheckGroup } from './Check.js';
export { classes } from './classes.js';
export { Dialog } from './Dialog.js';
export { Alert, Chip, LinearProgress, Skeleton, Spinner, type ChipColour, type Severity } from './feedback.js';
export { lazyThemed } from './lazyThemed.js';
export { applyPalette } from './palette.js';
export { SelectField } from './SelectField.js';
export { Card, CardActions, CardContent, CardMedia, Container, Paper } from './surfaces.js';
export { Table, TableHead, shownFrom, type Column } from './Table.js';
export { Tabs } from './Tabs.js';
export { Text, type TextVariant, type Tone } from './Text.js';
export { TextField, type TextFieldProps } from './TextField.js';
export { TextAnchor, TextLink } from './TextLink.js';
