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
import { EditButton } from '../../../components/EditButton.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ImageIcon } from '../../../components/ImageIcon.js';
import { TitleBar } from '../../../components/TitleBar.js';
import { ImageField } from '../../../components/form/ImageField.js';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { catalogueQueries, useSaveCar, type CarDto } from '../api.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { GameSelect } from './GameSelect.js';

type CarValues = { name: string; carClass: string; icon: File | null };

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
  const saveCar = useSaveCar();
  const { onSubmit, busy, status, text, controlled, errorOf } = useApiForm<CarValues, CarDto>({
    defaultValues: { name: car?.name ?? '', carClass: car?.carClass ?? '', icon: null },
    submit: ({ name, carClass, icon }, key) => saveCar({ ...(car ? { id: car.id } : {}), game: { id: gameId }, name, carClass }, icon, key),
    onSaved,
    notSaved: 'The car was not saved',
  });
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label={car ? `Edit ${car.name}` : 'New car'}
      onSubmit={onSubmit}
      sx={{ p: 2, my: 2, display: 'grid', gap: 2, maxWidth: 640 }}
    >
      <Typography variant="h6" component="h2">
        {car ? `Edit ${car.name}` : 'New car'}
      </Typography>
      <TextField size="small" {...text('name', { label: 'Car name', required: true })} />
      <TextField size="small" {...text('carClass', { label: 'Class', required: true, help: 'e.g. GT3' })} />
      <Controller
        {...controlled('icon', { label: 'Car image' })}
        render={({ field }) => <ImageField label="Car image" file={field.value} onChange={field.onChange} currentUrl={car?.icon} error={errorOf('icon')} />}
      />
      <FormStatusMessage status={status} />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
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
  // The save itself refetches the catalogue shown (useSaveCar).
  const saved = () => setEditing(null);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <TitleBar title="Cars">
        <Button variant="contained" disabled={!gameId} onClick={() => setEditing('new')}>
          New car
        </Button>
      </TitleBar>
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
                  <EditButton name={car.name} onClick={() => setEditing(car)} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Container>
  );
}
