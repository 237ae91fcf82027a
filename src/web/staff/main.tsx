/** The staff app's entry (staff.html): a client-side React app behind sign-in. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StaffApp } from './app.tsx';
import '../shared/frame/global.css';
import './staff.css';

const root = document.getElementById('root');
if (!root) throw new Error('staff.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <StaffApp />
  </StrictMode>,
);
