import { contextBridge, ipcRenderer } from 'electron';
import { exposeAppRelay } from './app-relay-bridge';

exposeAppRelay({ contextBridge, ipcRenderer });
