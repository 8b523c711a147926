import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/EmptyState.js';
import { ImageIcon } from '../../../components/ImageIcon.js';
import { ImageField } from '../../../components/form/ImageField.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { useQuery } from '@tanstack/react-query';
import { catalogueCommands, catalogueQueries, type CarDto } from '../api.js';
import { useSave } from '../useSave.js';
import { FormFailure } from '../../../components/form/FormFailure.js';
import { GameSelect } from './GameSelect.js';

const SHOWN = /^(name|carClass|icon)$/;

/** Read by screen readers, 1 px on screen (in sx, `width: 1` would mean 100 %). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  width: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
} as const;

function CarForm({ gameId, car, onSaved, onCancel }: { gameId: number; car: CarDto | null; onSaved: () => void; onCancel: () => void }) {
  const [name, setName] = useState(car?.name ?? '');
  const [carClass, setCarClass] = useState(car?.carClass ?? '');
  const [icon, setIcon] = useState<File | null>(null);
  const save = useSave(() => catalogueCommands.saveCar({ ...(car ? { id: car.id } : {}), game: { id: gameId }, name, carClass }, icon), onSaved, SHOWN);
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label={car ? `Edit ${car.name}` : 'New car'}
      onSubmit={(event) => (event.preventDefault(), save.submit())}
      sx={{ p: 2, my: 2, display: 'grid', gap: 2, maxWidth: 640 }}
    >
      <Typography variant="h6" component="h2">
        {car ? `Edit ${car.name}` : 'New car'}
      </Typography>
      <TextField
        size="small"
        label="Car name"
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(save.fieldError('name'))}
        helperText={save.fieldError('name')}
      />
      <TextField
        size="small"
        label="Class"
        required
        value={carClass}
        onChange={(event) => setCarClass(event.target.value)}
        error={Boolean(save.fieldError('carClass'))}
        helperText={save.fieldError('carClass') ?? 'e.g. GT3'}
      />
      <ImageField label="Car image" file={icon} onChange={setIcon} currentUrl={car?.icon} error={save.fieldError('icon')} />
      <FormFailure message={save.message} others={save.others} />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={save.busy}>
          {car ? 'Save car' : 'Add car'}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Box>
    </Paper>
  );
}

/** Admin-Cars: a game's cars, added and edited in place. */
export default function CarsPage() {
  const games = useQuery(catalogueQueries.games());
  const [gameId, setGameId] = useState('');
  const [editing, setEditing] = useState<CarDto | 'new' | null>(null);
  useEffect(() => {
    if (!gameId && games.data?.[0]) setGameId(String(games.data[0].id));
  }, [gameId, games.data]);
  const cars = useQuery(catalogueQueries.carsOf(gameId ? Number(gameId) : null));
  // The save itself refetches the catalogue shown (useSave).
  const saved = () => setEditing(null);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <PageTitle>Cars</PageTitle>
        <Button variant="contained" disabled={!gameId} onClick={() => setEditing('new')}>
          New car
        </Button>
      </Box>
      <GameSelect
        games={games.data ?? []}
        value={gameId}
        onChange={(next) => {
          setGameId(next);
          setEditing(null);
        }}
      />
      {editing && gameId && (
        <CarForm
          key={editing === 'new' ? 'new' : editing.id}
          gameId={Number(gameId)}
          car={editing === 'new' ? null : editing}
          onSaved={saved}
          onCancel={() => setEditing(null)}
        />
      )}
      <Box sx={{ minHeight: 4, my: 1 }}>{cars.isFetching && <LinearProgress aria-label="Loading cars" />}</Box>
      {!cars.isFetching && !cars.data?.length ? (
        <EmptyState title="No cars for this game yet" />
      ) : (
        <Table size="small" aria-label="Cars">
          <TableHead>
            <TableRow>
              <TableCell>Car</TableCell>
              <TableCell>Class</TableCell>
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(cars.data ?? []).map((car) => (
              <TableRow key={car.id} hover>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <ImageIcon src={car.icon} size={28} />
                    {car.name}
                  </Box>
                </TableCell>
                <TableCell>{car.carClass}</TableCell>
                <TableCell align="right">
                  <Button size="small" onClick={() => setEditing(car)} aria-label={`Edit ${car.name}`}>
                    Edit
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Container>
  );
}
